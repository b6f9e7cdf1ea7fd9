package api

import (
	"arbor/auth"
	"arbor/store"
)

// The store reads the caller's membership rows beside an organisation or a project; the roles
// the app shows are named from them by auth, as the permission table's are.

func organisationRoles(list ...*store.Organisation) {
	for _, o := range list {
		o.Roles = []string{}
		for _, r := range auth.OrganisationRoles(auth.Membership(o.Membership)) {
			o.Roles = append(o.Roles, string(r))
		}
	}
}

func projectRoles(list ...*store.Project) {
	for _, p := range list {
		p.Role = string(auth.ProjectRole(auth.Membership(p.Membership)))
	}
}
