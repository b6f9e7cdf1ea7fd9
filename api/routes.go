package api

import (
	"net/http"
	"strings"

	"arbor"
	"arbor/auth"

	"github.com/go-chi/chi/v5"
)

// scope says which object a route acts on, so its caller's roles can be looked up.
type scope int

const (
	noScope           scope = iota
	organisationScope       // the {id} path parameter is an organisation
	projectScope            // the {id} path parameter is a project
	contentScope            // a project's content: the ?project= parameter, else the project session's id_p
)

// route is one row of the route table; the OpenAPI document is generated from the same rows and
// the permission table of auth/ decides, by the route's action, who may call it.
type route struct {
	method  string
	path    string
	action  auth.Action
	scope   scope
	summary string
	h       handler
	noCSRF  bool   // safe to call without the CSRF header (logout)
	key     bool   // an organisation's API key may call it (read-only GIS access: features and tiles)
	addon   string // the add-on the organisation must have booked (docs/PRODUCT.md "Packages and prices")
	// The handler writes its own, detailed support record (domain.ExtendDemo): authorise writes
	// none, so a support action is recorded once.
	ownRecord bool
}

// routes is the one route table of the API.
func (s *Server) routes() []route {
	const (
		pub  = auth.ActPublic
		self = auth.ActSelf
	)
	org, proj, cont := organisationScope, projectScope, contentScope
	return []route{
		{method: "GET", path: "/api/health", action: pub, summary: "Health and the system notice", h: s.health},
		{method: "GET", path: "/api/openapi.json", action: pub, summary: "This API's OpenAPI 3.1 description", h: s.openAPI},
		// Legal texts (docs/API.md "Legal texts and consent"): the operator's files, else marked samples.
		{method: "GET", path: "/api/legal/pages/{page}/{lang}", action: pub, summary: "A legal page (imprint, privacy, terms) in en, de or fr as Markdown: {kind, lang (served, else en), sample, markdown, updated_at}", h: s.legalPage},
		{method: "GET", path: "/api/legal/documents", action: pub, summary: "The terms and the data processing agreement as PDFs in every language: {items: [{kind, asked, lang, sample, size, sha256, name}]}", h: s.legalDocuments},
		{method: "GET", path: "/api/legal/documents/{document}/{lang}", action: pub, summary: "The terms (terms) or the data processing agreement (dpa) as a PDF in en, de or fr (Content-Language: the language served)", h: s.legalDocument},

		{method: "POST", path: "/api/auth/register", action: pub, summary: "Register (double opt-in)", h: s.register},
		{method: "POST", path: "/api/auth/confirm", action: pub, summary: "Confirm a registration or a new e-mail address", h: s.confirm},
		{method: "POST", path: "/api/auth/login", action: pub, summary: "Log in; returns the user and sets the session", h: s.login},
		{method: "POST", path: "/api/auth/logout", action: pub, summary: "Log out and revoke the session", h: s.logout, noCSRF: true},
		{method: "PUT", path: "/api/auth/reset", action: pub, summary: "Send a password reset link", h: s.reset},
		{method: "PUT", path: "/api/auth/reset-password", action: pub, summary: "Set a new password with a reset link", h: s.resetPassword},
		{method: "GET", path: "/api/auth/session", action: pub, summary: "The current user and session; 204 for a guest", h: s.session},
		{method: "POST", path: "/api/auth/login/organisation/{id}", action: self, summary: "Enter an organisation (scoped session)", h: s.loginOrganisation},
		{method: "GET", path: "/api/auth/login/organisation/{id}", action: self, summary: "Enter an organisation (scoped session)", h: s.loginOrganisation},
		{method: "POST", path: "/api/auth/login/project/{id}", action: self, summary: "Enter a project (scoped session)", h: s.loginProject},
		{method: "GET", path: "/api/auth/login/project/{id}", action: self, summary: "Enter a project (scoped session)", h: s.loginProject},
		{method: "POST", path: "/api/auth/login/job/{projectId}/{jobId}", action: self, summary: "Enter a job (scoped session)", h: s.loginJob},
		{method: "GET", path: "/api/auth/login/job/{projectId}/{jobId}", action: self, summary: "Enter a job (scoped session)", h: s.loginJob},
		{method: "POST", path: "/api/auth/login/user", action: self, summary: "Leave an organisation, project or job session for a plain user session", h: s.loginUser},

		{method: "GET", path: "/api/management/user/user", action: self, summary: "Your profile", h: s.getProfile},
		{method: "PUT", path: "/api/management/user/user", action: self, summary: "Change names, language or e-mail", h: s.putProfile},
		{method: "DELETE", path: "/api/management/user/user", action: self, summary: "Delete your account", h: s.deleteAccount},
		{method: "PUT", path: "/api/management/user/password", action: self, summary: "Change your password", h: s.changePassword},
		{method: "GET", path: "/api/management/user/invitations", action: self, summary: "Open invitations to your address: organisations to administer, projects, jobs", h: s.listMyInvitations},
		{method: "POST", path: "/api/management/user/invitations/{kind}/{id}", action: self, summary: "Accept an invitation (kind: organisation, project, job); answers those still open", h: s.answerInvitation},
		{method: "DELETE", path: "/api/management/user/invitations/{kind}/{id}", action: self, summary: "Decline an invitation; answers those still open", h: s.answerInvitation},

		{method: "GET", path: "/api/management/organisation", action: auth.ActOrganisationList, summary: "Your organisations (all of them for platform support with ?all=true)", h: s.listOrganisations},
		{method: "POST", path: "/api/management/organisation/new", action: auth.ActOrganisationCreate, summary: "Create an organisation; you become its administrator", h: s.createOrganisation},
		{method: "GET", path: "/api/management/organisation/{id}", action: auth.ActOrganisationRead, scope: org, summary: "One organisation", h: s.getOrganisation},
		{method: "PUT", path: "/api/management/organisation/{id}", action: auth.ActOrganisationUpdate, scope: org, summary: "Change address and billing", h: s.updateOrganisation},
		{method: "GET", path: "/api/management/organisation/{id}/admins", action: auth.ActOrganisationAdmins, scope: org, summary: "The organisation's administrators", h: s.listAdministrators},
		{method: "POST", path: "/api/management/organisation/{id}/admins", action: auth.ActOrganisationAdmins, scope: org, summary: "Invite administrators by comma-separated e-mails (they accept by e-mail link)", h: s.addAdministrators},
		{method: "DELETE", path: "/api/management/organisation/{id}/admins/{userId}", action: auth.ActOrganisationAdmins, scope: org, summary: "Remove an administrator, or withdraw an invitation (userId: the invited e-mail)", h: s.removeAdministrator},
		{method: "GET", path: "/api/management/organisation/{id}/exports", action: auth.ActOrganisationAdmins, scope: org, summary: "The organisation's exports, newest first: who, what (kind, format, objects, filter or job), when (?limit=, ?offset=)", h: s.listExports},
		{method: "GET", path: "/api/management/organisation/{id}/assignments", action: auth.ActOrganisationAdmins, scope: org, summary: "Every user's access to every project of the organisation", h: s.listAssignments},
		{method: "POST", path: "/api/management/organisation/{id}/projects", action: auth.ActProjectCreate, scope: org, summary: "Create a project in the organisation", h: s.createProject},
		{method: "POST", path: "/api/management/organisation/{id}/demo-project", action: auth.ActProjectCreate, scope: org, summary: "The demo project wizard (during the demo only): {name, fields: [street, area]}; 201 with a project holding real trees of the demo register with inspections, works and a job", h: s.createDemoProject},

		{method: "GET", path: "/api/management/project-list", action: auth.ActProjectList, summary: "Your projects, recently opened first (?organisation= to narrow)", h: s.listProjects},
		{method: "GET", path: "/api/management/project/{id}", action: auth.ActProjectRead, scope: proj, summary: "One project", h: s.getProject},
		{method: "PUT", path: "/api/management/project/{id}", action: auth.ActProjectSettings, scope: proj, summary: "Change the general settings", h: s.updateProject},
		{method: "GET", path: "/api/management/project/{id}/users", action: auth.ActProjectMembers, scope: proj, summary: "Who has access, and open invitations", h: s.listProjectMembers},
		{method: "POST", path: "/api/management/project/{id}/users", action: auth.ActProjectShare, scope: proj, summary: "Invite by comma-separated e-mails with an access level (they accept by e-mail link)", h: s.shareProject},
		{method: "PUT", path: "/api/management/project/{id}/users/{member}", action: auth.ActProjectShare, scope: proj, summary: "Change a member's access level (member: user id or invited e-mail)", h: s.setMemberAccess},
		{method: "PUT", path: "/api/management/project/{id}/users/{member}/limit", action: auth.ActProjectShare, scope: proj, summary: "Limit a member's access to a filter (e.g. a district), or widen it with null", h: s.setMemberLimit},
		{method: "DELETE", path: "/api/management/project/{id}/users/{member}", action: auth.ActProjectShare, scope: proj, summary: "Revoke a member's access or an invitation", h: s.revokeMember},
		{method: "GET", path: "/api/management/project/{id}/settings", action: auth.ActProjectRead, scope: proj, summary: "Custom fields, required fields, default values, inspection intervals and basemaps", h: s.getSettings},
		{method: "PUT", path: "/api/management/project/{id}/settings", action: auth.ActProjectSettings, scope: proj, summary: "Replace the named parts of the settings", h: s.putSettings},
		{method: "POST", path: "/api/management/project/{id}/basemaps", action: auth.ActProjectSettings, scope: proj, summary: "Add a basemap (XYZ, WMS or ESRI; a password is kept on the server)", h: s.createBasemap},
		{method: "PUT", path: "/api/management/project/{id}/basemaps/{basemapId}", action: auth.ActProjectSettings, scope: proj, summary: "Change a basemap", h: s.updateBasemap},
		{method: "DELETE", path: "/api/management/project/{id}/basemaps/{basemapId}", action: auth.ActProjectSettings, scope: proj, summary: "Remove a basemap", h: s.deleteBasemap},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/wms", action: auth.ActProjectRead, scope: proj, summary: "A protected WMS basemap through the server (GetMap, GetCapabilities; the stored credentials are added)", h: s.proxyWMS},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/tile/{z}/{x}/{y}", action: auth.ActProjectRead, scope: proj, summary: "A tile of a protected XYZ or ESRI basemap through the server", h: s.proxyTile},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/export", action: auth.ActProjectRead, scope: proj, summary: "An image of a protected ESRI MapServer (export) or ImageServer (exportImage) through the server", h: s.proxyExport},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/style", action: auth.ActProjectRead, scope: proj, summary: "A protected vector basemap's style through the server, its sources, sprite and glyphs on the service's host pointing at the proxy", h: s.proxyStyle},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/vector/*", action: auth.ActProjectRead, scope: proj, summary: "A part of a protected vector style (TileJSON, tile, sprite, glyphs) from the path on the style's own host", h: s.proxyVector},
		{method: "GET", path: "/api/management/project/{id}/basemaps/{basemapId}/check", action: auth.ActProjectRead, scope: proj, summary: "Whether a protected basemap can be loaded: 204, or 502 with why (map_service_login: check username and password)", h: s.checkBasemap},
		// The project's content. The project is named by ?project= or by the project session.
		{method: "GET", path: "/api/content/trees", action: auth.ActTreeRead, scope: cont, summary: "Trees and groups, a page at a time (state, q, sort, limit, offset)", h: s.listTrees},
		{method: "POST", path: "/api/content/data", action: auth.ActTreeRead, scope: cont, summary: "A page of the data table: {filter, sort (any column, -desc), limit, offset, total_later}", h: s.data},
		{method: "POST", path: "/api/content/tree", action: auth.ActTreeWrite, scope: cont, summary: "Create a tree (Point) or group (Polygon); a repeated id answers the stored one", h: s.createTree},
		{method: "GET", path: "/api/content/tree/{treeId}", action: auth.ActTreeRead, scope: cont, summary: "One tree or group", h: s.getTree},
		{method: "PUT", path: "/api/content/tree/{treeId}", action: auth.ActTreeWrite, scope: cont, summary: "Change a tree or group (with its version)", h: s.updateTree},
		{method: "DELETE", path: "/api/content/tree/{treeId}", action: auth.ActTreeWrite, scope: cont, summary: "Delete a tree or group entered by mistake (not once inspected: archive it)", h: s.deleteTree},
		{method: "POST", path: "/api/content/tree/{treeId}/fell", action: auth.ActTreeFell, scope: cont, summary: "Fell a tree (cut_date)", h: s.fellTree},
		{method: "DELETE", path: "/api/content/tree/{treeId}/fell", action: auth.ActTreeFell, scope: cont, summary: "Undo felling: the tree returns to stock", h: s.fellTree},
		{method: "GET", path: "/api/content/tree/{treeId}/checks", action: auth.ActTreeRead, scope: cont, summary: "The inspections of a tree or group, newest first", h: s.listChecks},
		{method: "POST", path: "/api/content/tree/{treeId}/checks", action: auth.ActCheckCreate, scope: cont, summary: "Record an inspection (immutable); the next inspection date is computed", h: s.createCheck},
		{method: "GET", path: "/api/content/tree/{treeId}/actions", action: auth.ActTreeRead, scope: cont, summary: "The works of a tree or group, open ones first", h: s.listActions},
		{method: "POST", path: "/api/content/action", action: auth.ActActionWrite, scope: cont, summary: "Create a work on a tree or group, or a point work inside a group", h: s.createAction},
		{method: "GET", path: "/api/content/action/{actionId}", action: auth.ActTreeRead, scope: cont, summary: "One work", h: s.getAction},
		{method: "PUT", path: "/api/content/action/{actionId}", action: auth.ActActionWrite, scope: cont, summary: "Change a work (with its version)", h: s.updateAction},
		{method: "DELETE", path: "/api/content/action/{actionId}", action: auth.ActActionWrite, scope: cont, summary: "Delete a work", h: s.deleteAction},
		{method: "POST", path: "/api/content/action/{actionId}/complete", action: auth.ActActionWrite, scope: cont, summary: "Complete a work (execute_timestamp, execute_note)", h: s.completeAction},
		{method: "DELETE", path: "/api/content/action/{actionId}/complete", action: auth.ActActionWrite, scope: cont, summary: "Open a completed work again", h: s.completeAction},
		{method: "GET", path: "/api/content/nextNumber", action: auth.ActTreeRead, scope: cont, summary: "The next free tree number", h: s.nextNumber},
		{method: "PUT", path: "/api/content/archive", action: auth.ActTreeArchive, scope: cont, summary: "Archive or activate selected trees and groups", h: s.archive},
		{method: "PUT", path: "/api/content/archive-filter", action: auth.ActTreeArchiveFilter, scope: cont, summary: "Archive or activate everything a filter shows (management): {filter, archive}; 200 {changed}, or 202 {task} for more objects than a mass edit", h: s.archiveFiltered},
		{method: "GET", path: "/api/content/tasks", action: auth.ActTreeExport, scope: cont, summary: "Your tasks of the project (archiving, big exports) that have not ended (queued or running), oldest first", h: s.openTasks},
		{method: "GET", path: "/api/content/task/{taskId}", action: auth.ActTreeExport, scope: cont, summary: "How far a task you started has got: {kind, state, total, done, changed}, and a finished export's {download: {name, type, size, expires_at}}", h: s.task},
		{method: "GET", path: "/api/content/task/{taskId}/download", action: auth.ActTreeExport, scope: cont, summary: "The file a big export you queued made, kept for 7 days (then 404 export.expired)", h: s.exportDownload},
		{method: "PUT", path: "/api/content/bulk", action: auth.ActTreeMass, scope: cont, summary: "Mass edit: chosen fields on up to 10,000 selected objects", h: s.bulk},
		{method: "POST", path: "/api/content/import/inspect", action: auth.ActTreeImport, scope: cont, summary: "What a register file holds (multipart: file, options): columns, detected encoding, delimiter, sheet and reference system, the suggested mapping and the first rows", h: s.inspectImportFile},
		{method: "POST", path: "/api/content/import", action: auth.ActTreeImport, scope: cont, summary: "Preview (dry_run: 200 with counts and problems) or import a register file (202 {task}: the queue imports it, all or nothing) (multipart: file, options {mapping, srid, match, next_free_numbers, add_species, dry_run})", h: s.importTrees},
		{method: "GET", path: "/api/content/import/tasks", action: auth.ActTreeImport, scope: cont, summary: "Your imports of the project that have not ended (queued or running)", h: s.importTasks},
		{method: "GET", path: "/api/content/import/task/{taskId}", action: auth.ActTreeImport, scope: cont, summary: "How far an import you started has got: {state, step, done of total, result}", h: s.importTask},
		{method: "GET", path: "/api/content/imports", action: auth.ActTreeRead, scope: cont, summary: "The project's imports, newest first", h: s.listImports},
		{method: "POST", path: "/api/content/import/{importId}/undo", action: auth.ActTreeImportUndo, scope: cont, summary: "Undo an import: remove the trees and groups it made and put back the values it changed; 409 when they were changed since", h: s.undoImport},
		{method: "POST", path: "/api/content/export", action: auth.ActTreeExport, scope: cont, summary: "The objects a filter shows (with ids: a selection) as an Excel list, up to 10,000, with the visible columns or every field: {filter, sort, columns: [{id, label, values}], all, sheet}", h: s.exportTrees},
		// Exports (docs/API.md "Exports"): every one is recorded for the organisation's administrators.
		{method: "POST", path: "/api/content/export-tree-pdf", action: auth.ActTreeExport, scope: cont, summary: "The record of one tree or group as a PDF (fields, inspections, works, safety, a map of its neighbours, QR code of the live record): {tree}", h: s.exportTreePDF},
		{method: "POST", path: "/api/content/export-tree-list", action: auth.ActTreeExport, scope: cont, summary: "1 to 100 selected trees and groups as a PDF list: a table, then each one's record: {ids}", h: s.exportTreeList},
		{method: "POST", path: "/api/content/export-all-trees", action: auth.ActTreeExport, scope: cont, summary: "The whole project (its stock, or state felled, archived or all) with every field as an Excel workbook, without a limit: {state, sheet}; over 50,000 objects 202 {task}, a queued export to download when done", h: s.exportAllTrees},
		{method: "POST", path: "/api/content/export-gis", action: auth.ActTreeExport, scope: cont, summary: "The objects a filter shows (with ids: a selection) as a GeoPackage, GeoJSON or CSV with WKT, in EPSG:4326 or another EPSG code: {filter, format (gpkg, geojson, csv), srid}; over 50,000 objects 202 {task}, a queued export", h: s.exportGIS},
		{method: "POST", path: "/api/content/export-gaeb", action: auth.ActTreeExport, scope: cont, summary: "The open works of a view, a selection (filter with ids) or a job as a GAEB DA XML 3.3 X83 tender: {filter} or {job}", addon: "gaeb", h: s.exportGAEB},
		{method: "GET", path: "/api/content/tree-hist", action: auth.ActTreeRead, scope: cont, summary: "The history of a tree or group (?tree=)", h: s.treeHistory},

		{method: "GET", path: "/api/content/filters", action: auth.ActFilterOwn, scope: cont, summary: "Saved filters one may use: own, project-wide and shared", h: s.listFilters},
		{method: "POST", path: "/api/content/filters", action: auth.ActFilterOwn, scope: cont, summary: "Save a filter (project_wide: management only)", h: s.createFilter},
		{method: "PUT", path: "/api/content/filters/{filterId}", action: auth.ActFilterOwn, scope: cont, summary: "Change a saved filter (with its version)", h: s.updateFilter},
		{method: "DELETE", path: "/api/content/filters/{filterId}", action: auth.ActFilterOwn, scope: cont, summary: "Delete a saved filter", h: s.deleteFilter},
		{method: "POST", path: "/api/content/filters/{filterId}/share", action: auth.ActFilterShare, scope: cont, summary: "Share one's filter with project members by comma-separated e-mails", h: s.shareFilter},
		{method: "GET", path: "/api/content/news", action: self, summary: "The latest changes in your projects, or in one (?project=), newest first (?limit= up to 100)", h: s.news},
		{method: "GET", path: "/api/content/dashboard/project", action: auth.ActTreeRead, scope: cont, summary: "Figures of the project dashboard (inspections, deadlines, safety, vitality, damage, development) for ?filter=", h: s.projectDashboard},
		{method: "GET", path: "/api/content/dashboard/user", action: self, summary: "Figures of your projects (trees, groups, open inspections and works by class), their unfinished jobs, totals and news", h: s.userDashboard},
		{method: "GET", path: "/api/content/dashboard/job", action: auth.ActTreeRead, scope: cont, summary: "A job's progress (?job=): works done and open, objects inspected since the job began, objects by safety, deadline and inspection class", h: s.jobDashboard},
		{method: "GET", path: "/api/content/filter-values", action: auth.ActTreeRead, scope: cont, summary: "Distinct values of a field (?field=) for filter pickers", h: s.filterValues},
		{method: "GET", path: "/api/content/table-columns", action: auth.ActTreeRead, scope: cont, summary: "Your columns of the project's data table (order, visibility, width, pinning); null if never arranged", h: s.getTableColumns},
		{method: "PUT", path: "/api/content/table-columns", action: auth.ActTreeRead, scope: cont, summary: "Keep your columns of the project's data table: {columns: [{colId, hide, width, pinned}]}", h: s.putTableColumns},

		// Jobs of a project (?project=): the job, its status, and the docs/PRODUCT.md §7 content calls.
		{method: "GET", path: "/api/management/job-list", action: auth.ActProjectList, summary: "Your jobs: those of every project you may read and those you take part in, with your role", h: s.listMyJobs},
		{method: "GET", path: "/api/management/job", action: auth.ActTreeRead, scope: cont, summary: "The project's jobs with their counts", h: s.listJobs},
		{method: "POST", path: "/api/management/job", action: auth.ActJobManage, scope: cont, summary: "Create a job (a duplicate name answers 409)", h: s.createJob},
		{method: "GET", path: "/api/management/job/{jobId}", action: auth.ActTreeRead, scope: cont, summary: "One job with its counts", h: s.getJob},
		{method: "GET", path: "/api/management/job/{jobId}/items", action: auth.ActTreeRead, scope: cont, summary: "The job's trees, groups and works with their progress", h: s.listJobItems},
		{method: "PUT", path: "/api/management/job/{jobId}", action: auth.ActJobManage, scope: cont, summary: "Rename a job or change its details (open jobs only)", h: s.updateJob},
		{method: "PUT", path: "/api/management/job/{jobId}/status", action: auth.ActJobManage, scope: cont, summary: "Set the status: 0 open, 1 in progress, 2 completed", h: s.setJobStatus},
		{method: "DELETE", path: "/api/management/job/{jobId}", action: auth.ActJobManage, scope: cont, summary: "Delete an open job (its objects stay)", h: s.deleteJob},
		{method: "GET", path: "/api/management/job/{jobId}/users", action: auth.ActTreeRead, scope: cont, summary: "The job's participants and open invitations", h: s.listParticipants},
		{method: "POST", path: "/api/management/job/{jobId}/users", action: auth.ActJobManage, scope: cont, summary: "Invite people by comma-separated e-mails in a role (editor, care, reader); they accept by e-mail link", h: s.addParticipants},
		{method: "DELETE", path: "/api/management/job/{jobId}/users/{member}", action: auth.ActJobManage, scope: cont, summary: "End a participation (member: user id or invited e-mail)", h: s.removeParticipant},
		{method: "POST", path: "/api/management/job/{jobId}/conflicts/{index}/resolve", action: auth.ActJobManage, scope: cont, summary: "Mark a conflict of the job resolved (it stays recorded, with who resolved it)", h: s.resolveConflict},
		{method: "POST", path: "/api/management/job/{jobId}/conflicts/{index}/apply", action: auth.ActJobManage, scope: cont, summary: "Apply a crew's kept edit onto the current tree or group and mark the conflict resolved", h: s.applyConflict},
		{method: "POST", path: "/api/management/job/{jobId}/lock", action: auth.ActJobLock, scope: cont, summary: "Hold the job (a field device works on it); management may break a lock with ?force=true", h: s.lockJob},
		{method: "DELETE", path: "/api/management/job/{jobId}/lock", action: auth.ActJobLock, scope: cont, summary: "Release the job; management may break someone's lock with ?force=true", h: s.lockJob},
		{method: "POST", path: "/api/content/job/add-list", action: auth.ActJobManage, scope: cont, summary: "Add trees, groups (ids) and works (actions) to a job", h: s.jobContent("add")},
		{method: "POST", path: "/api/content/job/add-list-new", action: auth.ActJobManage, scope: cont, summary: "Create a job (name) with the selected objects", h: s.jobContent("add-new")},
		{method: "POST", path: "/api/content/job/remove-list", action: auth.ActJobManage, scope: cont, summary: "Remove objects from a job", h: s.jobContent("remove")},
		{method: "POST", path: "/api/content/job/add-filter", action: auth.ActJobManage, scope: cont, summary: "Add every object a filter shows to a job", h: s.jobContent("add")},
		{method: "POST", path: "/api/content/job/add-filter-new", action: auth.ActJobManage, scope: cont, summary: "Create a job with every object a filter shows", h: s.jobContent("add-new")},
		{method: "POST", path: "/api/content/job/remove-filter", action: auth.ActJobManage, scope: cont, summary: "Remove every object a filter shows from a job", h: s.jobContent("remove")},
		{method: "POST", path: "/api/content/job/reset", action: auth.ActJobManage, scope: cont, summary: "Empty a job", h: s.jobContent("reset")},
		{method: "POST", path: "/api/content/job/exists-objects-in-jobs", action: auth.ActTreeRead, scope: cont, summary: "Which unfinished jobs hold some of the selected objects already", h: s.jobContent("exists")},

		// Vector tiles of a project's content (layers trees, groups, works) and their TileJSON.
		{method: "GET", path: "/api/tiles/{id}/{layer}/{z}/{x}/{y}.mvt", action: auth.ActTreeRead, scope: proj, key: true, summary: "A vector tile (MVT, gzip, ETag); below zoom 14 trees and works come as a grid of counts, and trees carry their numbers (for labels) from zoom 17", h: s.tile},
		{method: "GET", path: "/api/tiles/{id}/{layerJSON}", action: auth.ActTreeRead, scope: proj, key: true, summary: "TileJSON of a layer ({layer}.json) with the URL of the current revision", h: s.tileJSON},
		{method: "GET", path: "/api/styles/{id}/{theme}.json", action: auth.ActTreeRead, scope: proj, summary: "MapLibre style of the data layers by a theme (safety, vitality, damage, development, deadline, inspection); ?scheme=light|dark", h: s.style},

		// The GIS web service: OGC API Features of a project (docs/API.md "GIS web service").
		{method: "GET", path: "/api/features/{id}", action: auth.ActTreeRead, scope: proj, key: true, summary: "OGC API Features landing page of a project (?f=json|html)", addon: "gis", h: s.featureLanding},
		{method: "GET", path: "/api/features/{id}/api", action: auth.ActTreeRead, scope: proj, key: true, summary: "The service's own definition in OpenAPI 3.0 (items parameters, queryables, filter languages), which GDAL reads to send filters to the service", addon: "gis", h: s.featureAPI},
		{method: "GET", path: "/api/features/{id}/conformance", action: auth.ActTreeRead, scope: proj, key: true, summary: "The OGC conformance classes the service implements", addon: "gis", h: s.featureConformance},
		{method: "GET", path: "/api/features/{id}/collections", action: auth.ActTreeRead, scope: proj, key: true, summary: "The collections: trees, groups, works, inspections", addon: "gis", h: s.featureCollections},
		{method: "GET", path: "/api/features/{id}/collections/{collection}", action: auth.ActTreeRead, scope: proj, key: true, summary: "One collection: extent, reference systems, links", addon: "gis", h: s.featureCollection},
		{method: "GET", path: "/api/features/{id}/collections/{collection}/queryables", action: auth.ActTreeRead, scope: proj, key: true, summary: "The fields a filter may name (JSON Schema)", addon: "gis", h: s.featureQueryables},
		{method: "GET", path: "/api/features/{id}/collections/{collection}/items", action: auth.ActTreeRead, scope: proj, key: true, summary: "Features as GeoJSON, streamed (limit, offset, bbox, bbox-crs, crs, datetime, properties, filter, filter-lang)", addon: "gis", h: s.featureItems},
		{method: "GET", path: "/api/features/{id}/collections/{collection}/items/{featureId}", action: auth.ActTreeRead, scope: proj, key: true, summary: "One feature with an ETag (crs, properties)", addon: "gis", h: s.featureItem},

		// Value lists: the global ones and the organisation's own.
		{method: "GET", path: "/api/management/organisation/{id}/lists/{list}", action: auth.ActListRead, scope: org, summary: "A value list (species, work, work_note, symptom, symptom_note): global and own entries", h: s.organisationList},
		{method: "POST", path: "/api/management/organisation/{id}/lists/{list}", action: auth.ActListWrite, scope: org, summary: "Add own entries; values that exist already are reported, not added", h: s.addListEntries},
		{method: "POST", path: "/api/management/organisation/{id}/lists/{list}/import", action: auth.ActListWrite, scope: org, summary: "Import entries from Excel: the first column of the first worksheet, no title row", h: s.importListEntries},
		{method: "PUT", path: "/api/management/organisation/{id}/lists/{list}/{entryId}", action: auth.ActListWrite, scope: org, summary: "Change an own entry (standard entries stay as they are)", h: s.updateListEntry},
		{method: "DELETE", path: "/api/management/organisation/{id}/lists/{list}/{entryId}", action: auth.ActListWrite, scope: org, summary: "Remove an own entry that nothing uses", h: s.deleteListEntry},
		{method: "GET", path: "/api/content/lists", action: auth.ActTreeRead, scope: cont, summary: "Every value list of the project's organisation, for forms", h: s.contentLists},

		// Photos and documents (docs/API.md "Photos and documents"): a project's under /api/document
		// (?project=), the organisation's own under its management path.
		{method: "POST", path: "/api/document/save", action: auth.ActFileWrite, scope: cont, summary: "Attach a photo or document (multipart: file; ?object_type=tree|group|check|action|job|project&object_id=&client_id=&caption=); 201, or 200 for a retry of the same client_id", h: s.saveDocument},
		{method: "POST", path: "/api/document/import", action: auth.ActFileWrite, scope: cont, summary: "Which tree or group each photo of a batch belongs to, by the number in its file name or the place it was taken (multipart: radius in metres, default 15; file parts, of which the first 128 kB are read; at most 200); nothing is stored", h: s.matchPhotos},
		{method: "GET", path: "/api/document/list", action: auth.ActTreeRead, scope: cont, summary: "An object's photos and documents (?object_type=&object_id=; a tree's with its inspections' and works'), newest first, with counts", h: s.listDocuments},
		{method: "GET", path: "/api/document/thumbnail/{fileId}", action: auth.ActTreeRead, scope: cont, summary: "A photo's thumbnail (?size=small: 256 px, large: 1280 px), upright and without EXIF", h: s.documentThumbnail},
		{method: "GET", path: "/api/document/image/{fileId}", action: auth.ActTreeRead, scope: cont, summary: "A photo itself, to be shown", h: s.documentImage},
		{method: "GET", path: "/api/document/download/{fileId}", action: auth.ActTreeRead, scope: cont, summary: "A photo or document as a download", h: s.downloadDocument},
		{method: "PUT", path: "/api/document/edit/{fileId}", action: auth.ActFileWrite, scope: cont, summary: "Rename a file or change its caption: {name, caption}", h: s.editDocument},
		{method: "DELETE", path: "/api/document/delete/{fileId}", action: auth.ActFileWrite, scope: cont, summary: "Delete a file (whoever may change its object)", h: s.deleteDocument},
		{method: "GET", path: "/api/document/size/{id}", action: auth.ActOrganisationRead, scope: org, summary: "The organisation's storage for photos and documents: data_space_mb_max, data_space_percent_in_use", h: s.dataSpace},
		{method: "GET", path: "/api/management/organisation/{id}/documents", action: auth.ActOrganisationRead, scope: org, summary: "The organisation's own documents", h: s.listOrganisationDocuments},
		{method: "POST", path: "/api/management/organisation/{id}/documents", action: auth.ActOrganisationUpdate, scope: org, summary: "Upload a document of the organisation's own (multipart: file)", h: s.saveOrganisationDocument},
		{method: "GET", path: "/api/management/organisation/{id}/documents/{fileId}", action: auth.ActOrganisationRead, scope: org, summary: "Download one of the organisation's documents", h: s.downloadOrganisationDocument},
		{method: "PUT", path: "/api/management/organisation/{id}/documents/{fileId}", action: auth.ActOrganisationUpdate, scope: org, summary: "Rename one of the organisation's documents or change its caption", h: s.editOrganisationDocument},
		{method: "DELETE", path: "/api/management/organisation/{id}/documents/{fileId}", action: auth.ActOrganisationUpdate, scope: org, summary: "Delete one of the organisation's documents", h: s.deleteOrganisationDocument},
		// The organisation's own background maps (docs/API.md "Background maps"): administrators upload
		// PMTiles or MBTiles archives; the members of its projects read their tiles.
		{method: "GET", path: "/api/management/organisation/{id}/background-maps", action: auth.ActOrganisationAdmins, scope: org, summary: "The organisation's background maps (tile archives), newest first, and whether it may use the add-on (addon)", h: s.listBackgroundMaps},
		{method: "POST", path: "/api/management/organisation/{id}/background-maps", action: auth.ActOrganisationUpdate, scope: org, summary: "Upload a background map (multipart: name, file): a PMTiles v3 archive, or an MBTiles file converted to one; counted against the organisation's storage", addon: "background", h: s.saveBackgroundMap},
		{method: "DELETE", path: "/api/management/organisation/{id}/background-maps/{mapId}", action: auth.ActOrganisationUpdate, scope: org, summary: "Delete a background map, and every project's basemap of it", h: s.deleteBackgroundMap},
		{method: "GET", path: "/api/management/project/{id}/background-maps", action: auth.ActProjectSettings, scope: proj, summary: "The organisation's background maps the project's map settings may add as basemaps", h: s.listBackgroundMaps},
		{method: "GET", path: "/api/background/{id}/{mapId}/tiles.json", action: auth.ActTreeRead, scope: proj, key: true, summary: "TileJSON of a background map: its tiles' URL, zooms, bounds", addon: "background", h: s.backgroundTileJSON},
		{method: "GET", path: "/api/background/{id}/{mapId}/style.json", action: auth.ActTreeRead, scope: proj, key: true, summary: "A simple MapLibre style of a vector background map", addon: "background", h: s.backgroundStyle},
		{method: "GET", path: "/api/background/{id}/{mapId}/{z}/{x}/{tile}", action: auth.ActTreeRead, scope: proj, key: true, summary: "A tile of a background map ({y}.{format}: png, jpg, webp, avif or pbf), ETag; 204 where the archive holds none", addon: "background", h: s.backgroundTile},
		// API keys of an organisation for programs (GIS clients): read-only, per project.
		{method: "GET", path: "/api/management/organisation/{id}/api-keys", action: auth.ActOrganisationAPIKeys, scope: org, summary: "The organisation's API keys with their projects and last use (never the keys)", h: s.listAPIKeys},
		{method: "POST", path: "/api/management/organisation/{id}/api-keys", action: auth.ActOrganisationAPIKeys, scope: org, summary: "Make a read-only API key for projects: {name, projects}; the answer's secret is shown only once", addon: "gis", h: s.createAPIKey},
		{method: "DELETE", path: "/api/management/organisation/{id}/api-keys/{keyId}", action: auth.ActOrganisationAPIKeys, scope: org, summary: "Revoke an API key", h: s.revokeAPIKey},

		// Packages, bookings and invoices (docs/API.md "Packages and invoices"): administrators only.
		{method: "GET", path: "/api/management/organisation/{id}/packages", action: auth.ActOrganisationBilling, scope: org, summary: "The price list, what the organisation booked and how much of it is in use (tree_count_max, tree_space_percent_in_use, data_space_mb_max, data_space_percent_in_use)", h: s.getPackages},
		{method: "POST", path: "/api/management/organisation/{id}/packages", action: auth.ActOrganisationBook, scope: org, summary: "Book a package: {package, quantity}; prices come from the price list only; 201 with the booking and its invoice", h: s.bookPackage},
		{method: "GET", path: "/api/management/organisation/{id}/consents", action: auth.ActOrganisationRead, scope: org, summary: "The organisation's consent to the terms (agb) and the data processing agreement (avv): who and when, what is missing, every consent newest first", h: s.consents},
		{method: "POST", path: "/api/management/organisation/{id}/consents", action: auth.ActOrganisationConsent, scope: org, summary: "An administrator consents for the organisation: {kinds: [agb, avv], lang}; who, when and the document's SHA-256 are kept", h: s.giveConsent},
		{method: "GET", path: "/api/document/billing/{id}", action: auth.ActOrganisationBilling, scope: org, summary: "The organisation's invoices, newest first", h: s.listInvoices},
		{method: "GET", path: "/api/document/download-billing/{id}/{bookingId}", action: auth.ActOrganisationBilling, scope: org, summary: "One invoice as a PDF", h: s.downloadInvoice},

		{method: "GET", path: "/api/management/support/organisations", action: auth.ActSupportOverview, summary: "Platform support: every organisation's state, packages, add-ons and usage, by name (?q= name, city, administrator's e-mail or id; ?status=demo|expired|booked|terminated; ?limit=, ?offset=)", h: s.supportOrganisations},
		{method: "GET", path: "/api/management/support/records", action: auth.ActSupportOverview, summary: "Platform support: the support record, newest first: who, what, which organisation, when (?organisation=, ?limit=, ?offset=)", h: s.supportRecords},
		{method: "POST", path: "/api/management/organisation/{id}/demo/extend", action: auth.ActOrganisationSupport, scope: org, summary: "Platform support: extend the organisation's demo by {days} (1–90), from its end or, once ended, from now; kept in the support record", h: s.extendDemo, ownRecord: true},
		{method: "POST", path: "/api/management/organisation/{id}/cancel", action: auth.ActOrganisationCancel, scope: org, summary: "Cancel the organisation", h: s.cancelOrganisation},
	}
}

// Handler returns the HTTP handler of the whole server: the API and the web app.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.logRequests, s.securityHeaders)
	r.Route("/api", func(api chi.Router) {
		api.Use(s.readSession)
		api.NotFound(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, arbor.Errorf(arbor.ENOTFOUND, "error.route_not_found", nil))
		})
		api.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, arbor.Errorf(arbor.EMETHOD, "error.method_not_allowed", nil))
		})
		for _, rt := range s.routes() {
			api.Method(rt.method, strings.TrimPrefix(rt.path, "/api"), s.wrap(rt))
		}
	})
	r.Handle("/*", s.spa())
	return r
}

// wrap applies a route's access rule and CSRF check, then runs its handler.
func (s *Server) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := checkQuery(r); err != nil {
			s.writeError(w, r, err)
			return
		}
		ctx, err := s.authorise(r, rt)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		r = r.WithContext(ctx)
		if err := rt.h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}
