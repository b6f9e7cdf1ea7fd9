package auth

// Role is what a caller is in relation to the object of a request (docs/PRODUCT.md §6, docs/DECISIONS.md).
type Role string

const (
	Anonymous Role = "anonymous" // not logged in
	User      Role = "user"      // any logged-in user
	Super     Role = "super"     // platform support ("super manager")
	Admin     Role = "admin"     // administrator of the organisation
	Member    Role = "member"    // has access to at least one project of the organisation
	Manager   Role = "manager"   // project access 0 Management
	Reader    Role = "reader"    // project access 1 View
	Editor    Role = "editor"    // project access 2 Edit
	Care      Role = "care"      // project access 3 Care
)

// Action names what a request does.
type Action string

const (
	ActPublic Action = "public" // health, log-in, registration, reset
	ActSelf   Action = "self"   // one's own profile and session

	ActOrganisationCreate  Action = "organisation.create"
	ActOrganisationList    Action = "organisation.list"
	ActOrganisationRead    Action = "organisation.read"
	ActOrganisationUpdate  Action = "organisation.update" // address and billing
	ActOrganisationAdmins  Action = "organisation.admins" // list, add, remove administrators
	ActOrganisationCancel  Action = "organisation.cancel"
	ActOrganisationSupport Action = "organisation.support" // list every organisation (?all=true)
	ActOrganisationBilling Action = "organisation.billing" // the packages page: price list, usage, bookings and invoices
	ActOrganisationBook    Action = "organisation.book"    // book a package (docs/PRODUCT.md §6: administrators upgrade packages)
	ActOrganisationConsent Action = "organisation.consent" // consent to the terms and the data processing agreement

	ActProjectList     Action = "project.list"
	ActProjectCreate   Action = "project.create"
	ActProjectRead     Action = "project.read"
	ActProjectSettings Action = "project.settings" // general settings
	ActProjectMembers  Action = "project.members"  // see who has access
	ActProjectShare    Action = "project.share"    // share, change level, revoke

	ActTreeRead    Action = "tree.read"    // trees, groups, inspections, works, history
	ActTreeWrite   Action = "tree.write"   // create and change trees and groups (tree data)
	ActTreeArchive Action = "tree.archive" // archive and activate, one or a selection
	ActTreeMass    Action = "tree.mass"    // mass edit of a selection
	// archive or activate everything a filter shows ("archiving of the filtered view")
	ActTreeArchiveFilter Action = "tree.archive_filter"
	ActTreeFell          Action = "tree.fell"   // fell and undo felling
	ActTreeExport        Action = "tree.export" // take trees and groups away as a file (Excel)
	ActTreeImport        Action = "tree.import" // bring a register in from a file
	ActTreeImportUndo    Action = "tree.import_undo"
	ActCheckCreate       Action = "check.create" // record an inspection
	ActActionWrite       Action = "action.write" // create, change, complete and delete works
	ActFilterOwn         Action = "filter.own"   // save, change and delete one's own filters
	ActFilterShare       Action = "filter.share" // share one's filter with people
	// save a filter for the whole project, and change or delete anyone's project-wide filter
	ActFilterProjectWide Action = "filter.project_wide"
	ActListRead          Action = "list.read"      // an organisation's value lists
	ActListWrite         Action = "list.write"     // add, import and remove an organisation's own entries
	ActJobManage         Action = "job.manage"     // create, change, release, delete jobs and their items
	ActJobLock           Action = "job.lock"       // hold a job for field work, release it
	ActJobBreakLock      Action = "job.break_lock" // take or release a job someone else holds (?force=true)

	// Attach, rename and delete photos and documents of a project's objects; the handler then
	// asks the right to change the object itself (tree.write for a tree, action.write for a work …).
	ActFileWrite           Action = "file.write"
	ActOrganisationAPIKeys Action = "organisation.api_keys" // make, list and revoke the organisation's API keys
)

// permissions is the one table of who may do what. A role not listed for an action may not do it.
var permissions = map[Action][]Role{
	ActPublic: {Anonymous, User},
	ActSelf:   {User},

	ActOrganisationCreate:  {User},
	ActOrganisationList:    {User},
	ActOrganisationRead:    {Admin, Member, Super},
	ActOrganisationUpdate:  {Admin, Super},
	ActOrganisationAdmins:  {Admin, Super},
	ActOrganisationCancel:  {Admin},
	ActOrganisationSupport: {Super},
	ActOrganisationBilling: {Admin, Super},
	ActOrganisationBook:    {Admin},
	// Consent binds the organisation: its administrators give it, platform support does not.
	ActOrganisationConsent: {Admin},

	ActProjectList:     {User},
	ActProjectCreate:   {Admin},
	ActProjectRead:     {Manager, Editor, Care, Reader, Super},
	ActProjectSettings: {Manager, Super},
	ActProjectMembers:  {Manager, Super},
	ActProjectShare:    {Manager},

	// docs/PRODUCT.md §6: editors do inspections and data editing; care manages works, felling included,
	// but not tree data; readers only read; management does everything, mass edit included.
	// Platform support reads but never writes evidence.
	ActTreeRead:    {Manager, Editor, Care, Reader, Super},
	ActTreeWrite:   {Manager, Editor},
	ActTreeArchive: {Manager, Editor},
	ActTreeMass:    {Manager},
	// docs/PRODUCT.md §6: archiving of the filtered view is management's.
	ActTreeArchiveFilter: {Manager},
	ActTreeFell:          {Manager, Editor, Care},
	// docs/PRODUCT.md §6: readers cannot export.
	ActTreeExport: {Manager, Editor, Care},
	// Readers and care do not add tree data, so they do not import it; undoing a whole import is
	// management's, as is archiving a whole view.
	ActTreeImport:     {Manager, Editor},
	ActTreeImportUndo: {Manager},
	ActCheckCreate:    {Manager, Editor},
	ActActionWrite:    {Manager, Editor, Care},
	// Readers save their own filters but do not share (docs/PRODUCT.md §6).
	ActFilterOwn:   {Manager, Editor, Care, Reader},
	ActFilterShare: {Manager, Editor, Care},
	// Project-wide filters are management's.
	ActFilterProjectWide: {Manager},
	// docs/PRODUCT.md §6: administrators use (and keep) the value lists.
	ActListRead:  {Admin, Member, Super},
	ActListWrite: {Admin},
	// docs/PRODUCT.md §6: managers build jobs and hand them to crews.
	ActJobManage: {Manager},
	ActJobLock:   {Manager, Editor, Care},
	// Management may break a crew's hold; the holder finds it among the job's conflicts.
	ActJobBreakLock: {Manager},

	// docs/PRODUCT.md §6: whoever may edit an object may attach files to it and delete them;
	// readers only view, and platform support never writes evidence.
	ActFileWrite: {Manager, Editor, Care},
	// API keys open projects to programs; only the organisation's administrators hand them out.
	ActOrganisationAPIKeys: {Admin},
}

// Can reports whether any of roles may perform action.
func Can(roles []Role, action Action) bool {
	for _, allowed := range permissions[action] {
		for _, r := range roles {
			if r == allowed {
				return true
			}
		}
	}
	return false
}

// Known reports whether the table has a rule for action (a route without one is a bug).
func Known(action Action) bool {
	_, ok := permissions[action]
	return ok
}
