package auth

import (
	"slices"
	"testing"
)

// TestRolesFromMembership: every role the permission table is asked about comes from the rows
// as the rules say: an administrator manages every project and job of the organisation, a member
// acts with the access level, a job participant with the job's role.
func TestRolesFromMembership(t *testing.T) {
	level := func(a int16) *int16 { return &a }
	cases := []struct {
		name    string
		m       Membership
		org     []Role
		project []Role
		job     string
	}{
		{"nobody", Membership{}, nil, nil, ""},
		{"administrator", Membership{Admin: true}, []Role{Admin}, []Role{Admin, Manager}, JobManager},
		{"administrator and member", Membership{Admin: true, Member: true, Access: level(1)}, []Role{Admin, Member}, []Role{Admin, Manager}, JobManager},
		{"manager", Membership{Member: true, Access: level(0)}, []Role{Member}, []Role{Manager}, JobManager},
		{"reader", Membership{Member: true, Access: level(1)}, []Role{Member}, []Role{Reader}, ""},
		{"editor", Membership{Member: true, Access: level(2)}, []Role{Member}, []Role{Editor}, ""},
		{"care", Membership{Member: true, Access: level(3)}, []Role{Member}, []Role{Care}, ""},
		{"participant", Membership{Job: "care"}, nil, nil, "care"},
		{"manager taking part", Membership{Member: true, Access: level(0), Job: "reader"}, []Role{Member}, []Role{Manager}, "reader"},
	}
	for _, c := range cases {
		if got := OrganisationRoles(c.m); !slices.Equal(got, c.org) {
			t.Errorf("%s: organisation roles %v, want %v", c.name, got, c.org)
		}
		if got := ProjectRoles(c.m); !slices.Equal(got, c.project) {
			t.Errorf("%s: project roles %v, want %v", c.name, got, c.project)
		}
		if got := JobAuthority(c.m); got != c.job {
			t.Errorf("%s: job authority %q, want %q", c.name, got, c.job)
		}
	}
	if JobRole(JobManager) != Manager || JobRole("care") != Care || JobRole("admin") != "" {
		t.Error("job roles")
	}
	if AccessRole(4) != "" || AccessRole(-1) != "" {
		t.Error("an access level that does not exist has a role")
	}
	if a := ScopeAuthorities(TypeOrganisation, Membership{Member: true}); a != nil {
		t.Errorf("organisation session of a member: %v", a)
	}
	if a := ScopeAuthorities(TypeProject, Membership{Admin: true}); !slices.Equal(a, []string{"manager"}) {
		t.Errorf("project session of an administrator: %v", a)
	}
}
