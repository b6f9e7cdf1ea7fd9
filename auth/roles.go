package auth

// What a user is in an organisation, a project or a job follows from the membership rows alone;
// the store reads the rows (store.Membership) and this file, and only this file, turns them into
// roles, for the permission table and for what the app shows.

// Membership is what the membership rows say about a user where a request acts.
type Membership struct {
	Admin  bool   // organisation_admin: administers the organisation
	Member bool   // project_member in any project of the organisation
	Access *int16 // project_member.access in the project: 0 management, 1 view, 2 edit, 3 care; nil: none
	Job    string // job_member.role in the job: editor, care or reader; "": none
}

// accessRoles are the project roles of the access levels 0..3.
var accessRoles = []Role{Manager, Reader, Editor, Care}

// AccessRole is the project role of an access level; "" for a level that does not exist.
func AccessRole(access int16) Role {
	if access < 0 || int(access) >= len(accessRoles) {
		return ""
	}
	return accessRoles[access]
}

// OrganisationRoles are a user's roles in an organisation: Admin for its administrators, Member
// for anyone with access to one of its projects.
func OrganisationRoles(m Membership) []Role {
	var roles []Role
	if m.Admin {
		roles = append(roles, Admin)
	}
	if m.Member {
		roles = append(roles, Member)
	}
	return roles
}

// ProjectRole is a user's role in a project: Manager for the organisation's administrators
// whatever their membership, else the role of the member's access level; "" without either.
func ProjectRole(m Membership) Role {
	if m.Admin {
		return Manager
	}
	if m.Access != nil {
		return AccessRole(*m.Access)
	}
	return ""
}

// ProjectRoles are a user's roles in a project: an administrator of the organisation is also its
// manager; a member has the role of the access level.
func ProjectRoles(m Membership) []Role {
	if m.Admin {
		return []Role{Admin, Manager}
	}
	if r := ProjectRole(m); r != "" {
		return []Role{r}
	}
	return nil
}

// JobManager is the authority of a job session held by a project's manager.
const JobManager = "job-manager"

// JobAuthority is what a user is in a job session, as the session's token names it: the
// participant's role, else JobManager for the project's managers (and the organisation's
// administrators); "" for anyone else.
func JobAuthority(m Membership) string {
	if m.Job != "" {
		return m.Job
	}
	if ProjectRole(m) == Manager {
		return JobManager
	}
	return ""
}

// JobRole is the project role a job session's authority acts with; "" for none.
func JobRole(authority string) Role {
	switch authority {
	case JobManager:
		return Manager
	case string(Editor), string(Care), string(Reader):
		return Role(authority)
	}
	return ""
}

// ScopeAuthorities are the authorities a scoped session's token carries beyond "user": "admin"
// in an organisation session of its administrator, the project role in a project session, the
// job authority in a job session (typ is the token's Type).
func ScopeAuthorities(typ string, m Membership) []string {
	var a string
	switch typ {
	case TypeJob:
		a = JobAuthority(m)
	case TypeProject:
		a = string(ProjectRole(m))
	case TypeOrganisation:
		if m.Admin {
			a = string(Admin)
		}
	}
	if a == "" {
		return nil
	}
	return []string{a}
}
