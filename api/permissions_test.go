package api

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbor/auth"
	"arbor/files"
	"arbor/store"
)

// The roles every route is tried with (issue: foundation of permissions).
var walkRoles = []string{"anonymous", "outsider", "reader", "care", "editor", "manager", "admin", "super"}

// expected answers: "ok" means the permission check let the call through (any status but 401,
// 403 and 404: an empty body may well be refused as invalid afterwards).
type expect map[string]string

func allUsers(except map[string]string) expect {
	e := expect{"anonymous": "401"}
	for _, r := range walkRoles[1:] {
		e[r] = "ok"
	}
	for k, v := range except {
		e[k] = v
	}
	return e
}

var (
	public   = expect{"anonymous": "ok", "outsider": "ok", "reader": "ok", "care": "ok", "editor": "ok", "manager": "ok", "admin": "ok", "super": "ok"}
	selfOnly = allUsers(nil)
	// An invitation is answered by the account it was sent to; others find none.
	noInvitation = allUsers(map[string]string{"outsider": "404", "reader": "404", "care": "404", "editor": "404", "manager": "404", "admin": "404", "super": "404"})
	// Organisation A: its members can read it, only its administrators (and support) change it;
	// someone of another organisation cannot even learn that it exists.
	orgRead    = allUsers(map[string]string{"outsider": "404"})
	orgAdmin   = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403", "manager": "403"})
	orgSupport = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403", "manager": "403", "admin": "403"})
	orgOwnOnly = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403", "manager": "403", "super": "403"})
	projRead   = orgRead
	projManage = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403"})
	projShare  = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403", "super": "403"})
	// Project content: editors change tree data and inspect, care manages works and felling,
	// only management mass-edits; support reads but never writes evidence.
	contentWrite = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "super": "403"})
	careWrite    = allUsers(map[string]string{"outsider": "404", "reader": "403", "super": "403"})
	memberOnly   = allUsers(map[string]string{"outsider": "404", "super": "403"})
	manageOnly   = allUsers(map[string]string{"outsider": "404", "reader": "403", "care": "403", "editor": "403", "super": "403"})
	// Scoped log-ins look the membership up themselves: no membership, no such object.
	loginOrg  = allUsers(map[string]string{"outsider": "404"})
	loginProj = allUsers(map[string]string{"outsider": "404"})
	loginJob  = allUsers(map[string]string{"outsider": "404", "super": "404", "reader": "404", "care": "404", "editor": "404"})
)

// routeExpectations lists every route of the route table; a route missing here fails the walk.
var routeExpectations = map[string]expect{
	"GET /api/health":                                          public,
	"GET /api/openapi.json":                                    public,
	"GET /api/legal/pages/{page}/{lang}":                       public,
	"GET /api/legal/documents":                                 public,
	"GET /api/legal/documents/{document}/{lang}":               public,
	"POST /api/auth/register":                                  public,
	"POST /api/auth/confirm":                                   public,
	"POST /api/auth/login":                                     public,
	"POST /api/auth/logout":                                    public,
	"PUT /api/auth/reset":                                      public,
	"PUT /api/auth/reset-password":                             public,
	"GET /api/auth/session":                                    public, // 204 for a guest
	"POST /api/auth/login/organisation/{id}":                   loginOrg,
	"GET /api/auth/login/organisation/{id}":                    loginOrg,
	"POST /api/auth/login/project/{id}":                        loginProj,
	"GET /api/auth/login/project/{id}":                         loginProj,
	"POST /api/auth/login/job/{projectId}/{jobId}":             loginJob,
	"GET /api/auth/login/job/{projectId}/{jobId}":              loginJob,
	"POST /api/auth/login/user":                                selfOnly,
	"GET /api/management/user/user":                            selfOnly,
	"PUT /api/management/user/user":                            selfOnly,
	"DELETE /api/management/user/user":                         selfOnly,
	"PUT /api/management/user/password":                        selfOnly,
	"GET /api/management/user/invitations":                     selfOnly,
	"POST /api/management/user/invitations/{kind}/{id}":        noInvitation, // nobody of the walk is invited
	"DELETE /api/management/user/invitations/{kind}/{id}":      noInvitation,
	"GET /api/management/organisation":                         selfOnly,
	"POST /api/management/organisation/new":                    selfOnly,
	"GET /api/management/organisation/{id}":                    orgRead,
	"PUT /api/management/organisation/{id}":                    orgAdmin,
	"GET /api/management/organisation/{id}/admins":             orgAdmin,
	"POST /api/management/organisation/{id}/admins":            orgAdmin,
	"DELETE /api/management/organisation/{id}/admins/{userId}": orgAdmin,
	"GET /api/management/organisation/{id}/assignments":        orgAdmin,
	"POST /api/management/organisation/{id}/projects":          orgOwnOnly,
	"POST /api/management/organisation/{id}/demo-project":      orgOwnOnly,
	"POST /api/management/organisation/{id}/cancel":            orgOwnOnly,
	"POST /api/management/organisation/{id}/demo/extend":       orgSupport,
	"GET /api/management/support/organisations":                allUsers(map[string]string{"outsider": "403", "reader": "403", "care": "403", "editor": "403", "manager": "403", "admin": "403"}),
	"GET /api/management/support/records":                      allUsers(map[string]string{"outsider": "403", "reader": "403", "care": "403", "editor": "403", "manager": "403", "admin": "403"}),
	"GET /api/management/organisation/{id}/packages":           orgAdmin,
	"POST /api/management/organisation/{id}/packages":          orgOwnOnly,
	"GET /api/management/organisation/{id}/consents":           orgRead,
	"POST /api/management/organisation/{id}/consents":          orgOwnOnly,
	"GET /api/document/billing/{id}":                           orgAdmin,
	"GET /api/document/download-billing/{id}/{bookingId}":      orgAdmin,
	"GET /api/management/project-list":                         selfOnly,
	// Photos and documents: the walk's file is a tree's photo, so changing it needs tree data
	// rights (care may attach to works, not to trees).
	"POST /api/document/save":                                     careWrite,
	"POST /api/document/import":                                   contentWrite,
	"GET /api/document/list":                                      projRead,
	"GET /api/document/thumbnail/{fileId}":                        projRead,
	"GET /api/document/image/{fileId}":                            projRead,
	"GET /api/document/download/{fileId}":                         projRead,
	"PUT /api/document/edit/{fileId}":                             contentWrite,
	"DELETE /api/document/delete/{fileId}":                        contentWrite,
	"GET /api/document/size/{id}":                                 orgRead,
	"GET /api/management/organisation/{id}/documents":             orgRead,
	"POST /api/management/organisation/{id}/documents":            orgAdmin,
	"GET /api/management/organisation/{id}/documents/{fileId}":    orgRead,
	"PUT /api/management/organisation/{id}/documents/{fileId}":    orgAdmin,
	"DELETE /api/management/organisation/{id}/documents/{fileId}": orgAdmin,
	"GET /api/management/organisation/{id}/exports":               orgAdmin,
	"GET /api/management/job-list":                                selfOnly,
	"GET /api/management/project/{id}":                            projRead,
	"PUT /api/management/project/{id}":                            projManage,
	"GET /api/management/project/{id}/users":                      projManage,
	"POST /api/management/project/{id}/users":                     projShare,
	"PUT /api/management/project/{id}/users/{member}":             projShare,
	"GET /api/management/project/{id}/settings":                   projRead,
	"PUT /api/management/project/{id}/settings":                   projManage,
	"POST /api/management/project/{id}/basemaps":                  projManage,
	"PUT /api/management/project/{id}/basemaps/{basemapId}":       projManage,
	"DELETE /api/management/project/{id}/basemaps/{basemapId}":    projManage,

	// The basemap proxy: whoever sees the map loads its protected basemaps.
	"GET /api/management/project/{id}/basemaps/{basemapId}/wms":              projRead,
	"GET /api/management/project/{id}/basemaps/{basemapId}/tile/{z}/{x}/{y}": projRead,
	"GET /api/management/project/{id}/basemaps/{basemapId}/export":           projRead,
	"GET /api/management/project/{id}/basemaps/{basemapId}/check":            projRead,
	"GET /api/management/project/{id}/basemaps/{basemapId}/style":            projRead,
	"GET /api/management/project/{id}/basemaps/{basemapId}/vector/*":         projRead,

	"DELETE /api/management/project/{id}/users/{member}":    projShare,
	"PUT /api/management/project/{id}/users/{member}/limit": projShare,
	"GET /api/content/trees":                                projRead,
	"POST /api/content/tree":                                contentWrite,
	"GET /api/content/tree/{treeId}":                        projRead,
	"PUT /api/content/tree/{treeId}":                        contentWrite,
	"DELETE /api/content/tree/{treeId}":                     contentWrite,
	"POST /api/content/tree/{treeId}/fell":                  careWrite,
	"DELETE /api/content/tree/{treeId}/fell":                careWrite,
	"GET /api/content/tree/{treeId}/checks":                 projRead,
	"POST /api/content/tree/{treeId}/checks":                contentWrite,
	"GET /api/content/tree/{treeId}/actions":                projRead,
	"POST /api/content/action":                              careWrite,
	"GET /api/content/action/{actionId}":                    projRead,
	"PUT /api/content/action/{actionId}":                    careWrite,
	"DELETE /api/content/action/{actionId}":                 careWrite,
	"POST /api/content/action/{actionId}/complete":          careWrite,
	"DELETE /api/content/action/{actionId}/complete":        careWrite,
	"GET /api/content/nextNumber":                           projRead,
	"PUT /api/content/archive":                              contentWrite,
	"PUT /api/content/bulk":                                 manageOnly,
	"PUT /api/content/archive-filter":                       manageOnly,
	"GET /api/content/task/{taskId}":                        careWrite,
	"GET /api/content/tasks":                                careWrite,
	// Each role's own task is an archive's, without a file to download.
	"GET /api/content/task/{taskId}/download": allUsers(map[string]string{"outsider": "404", "reader": "403", "super": "403",
		"care": "404", "editor": "404", "manager": "404", "admin": "404"}),
	"GET /api/content/tree-hist":                                      projRead,
	"GET /api/content/filters":                                        memberOnly,
	"POST /api/content/filters":                                       memberOnly,
	"PUT /api/content/filters/{filterId}":                             memberOnly,
	"DELETE /api/content/filters/{filterId}":                          memberOnly,
	"POST /api/content/filters/{filterId}/share":                      careWrite,
	"GET /api/content/filter-values":                                  projRead,
	"POST /api/content/export":                                        careWrite,
	"POST /api/content/export-gaeb":                                   careWrite,
	"POST /api/content/export-gis":                                    careWrite,
	"POST /api/content/export-all-trees":                              careWrite,
	"POST /api/content/export-tree-pdf":                               careWrite,
	"POST /api/content/export-tree-list":                              careWrite,
	"POST /api/content/import/inspect":                                contentWrite,
	"POST /api/content/import":                                        contentWrite,
	"GET /api/content/imports":                                        projRead,
	"GET /api/content/import/tasks":                                   contentWrite,
	"GET /api/content/import/task/{taskId}":                           contentWrite,
	"POST /api/content/import/{importId}/undo":                        manageOnly,
	"GET /api/content/table-columns":                                  projRead,
	"PUT /api/content/table-columns":                                  projRead,
	"GET /api/content/dashboard/project":                              projRead,
	"GET /api/content/news":                                           selfOnly,
	"GET /api/content/dashboard/user":                                 selfOnly,
	"GET /api/content/dashboard/job":                                  projRead,
	"POST /api/content/data":                                          projRead,
	"GET /api/management/job/{jobId}/users":                           projRead,
	"POST /api/management/job/{jobId}/users":                          manageOnly,
	"DELETE /api/management/job/{jobId}/users/{member}":               manageOnly,
	"POST /api/management/job/{jobId}/lock":                           careWrite,
	"POST /api/management/job/{jobId}/conflicts/{index}/resolve":      manageOnly,
	"POST /api/management/job/{jobId}/conflicts/{index}/apply":        manageOnly,
	"DELETE /api/management/job/{jobId}/lock":                         careWrite,
	"GET /api/management/job":                                         projRead,
	"POST /api/management/job":                                        manageOnly,
	"GET /api/management/job/{jobId}":                                 projRead,
	"GET /api/management/job/{jobId}/items":                           projRead,
	"PUT /api/management/job/{jobId}":                                 manageOnly,
	"PUT /api/management/job/{jobId}/status":                          manageOnly,
	"DELETE /api/management/job/{jobId}":                              manageOnly,
	"POST /api/content/job/add-list":                                  manageOnly,
	"POST /api/content/job/add-list-new":                              manageOnly,
	"POST /api/content/job/remove-list":                               manageOnly,
	"POST /api/content/job/add-filter":                                manageOnly,
	"POST /api/content/job/add-filter-new":                            manageOnly,
	"POST /api/content/job/remove-filter":                             manageOnly,
	"POST /api/content/job/reset":                                     manageOnly,
	"POST /api/content/job/exists-objects-in-jobs":                    projRead,
	"GET /api/content/lists":                                          projRead,
	"GET /api/management/organisation/{id}/lists/{list}":              orgRead,
	"POST /api/management/organisation/{id}/lists/{list}":             orgOwnOnly,
	"POST /api/management/organisation/{id}/lists/{list}/import":      orgOwnOnly,
	"PUT /api/management/organisation/{id}/lists/{list}/{entryId}":    orgOwnOnly,
	"DELETE /api/management/organisation/{id}/lists/{list}/{entryId}": orgOwnOnly,
	"GET /api/tiles/{id}/{layer}/{z}/{x}/{y}.mvt":                     projRead,
	"GET /api/tiles/{id}/{layerJSON}":                                 projRead,
	// The GIS web service (geo) and the API keys that open it to programs.
	"GET /api/management/organisation/{id}/background-maps":             orgAdmin,
	"POST /api/management/organisation/{id}/background-maps":            orgAdmin,
	"DELETE /api/management/organisation/{id}/background-maps/{mapId}":  orgAdmin,
	"GET /api/management/project/{id}/background-maps":                  projManage,
	"GET /api/background/{id}/{mapId}/tiles.json":                       projRead,
	"GET /api/background/{id}/{mapId}/style.json":                       projRead,
	"GET /api/background/{id}/{mapId}/{z}/{x}/{tile}":                   projRead,
	"GET /api/management/organisation/{id}/api-keys":                    orgOwnOnly,
	"POST /api/management/organisation/{id}/api-keys":                   orgOwnOnly,
	"DELETE /api/management/organisation/{id}/api-keys/{keyId}":         orgOwnOnly,
	"GET /api/features/{id}":                                            projRead,
	"GET /api/features/{id}/api":                                        projRead,
	"GET /api/features/{id}/conformance":                                projRead,
	"GET /api/features/{id}/collections":                                projRead,
	"GET /api/features/{id}/collections/{collection}":                   projRead,
	"GET /api/features/{id}/collections/{collection}/queryables":        projRead,
	"GET /api/features/{id}/collections/{collection}/items":             projRead,
	"GET /api/features/{id}/collections/{collection}/items/{featureId}": projRead,
	"GET /api/styles/{id}/{theme}.json":                                 projRead,
}

// walkWorld is organisation A (with project A and job A, and one person of each role) and
// organisation B, whose administrator is the outsider.
type walkWorld struct {
	orgA, projectA, jobA  string
	basemap, tree, action string
	apiKey                string            // an API key of organisation A
	booking               string            // a booking (an invoice) of organisation A
	workEntry             string            // an own work list entry nothing uses
	treeImport            string            // an import that made nothing (undone by management)
	treeFile, orgFile     string            // a photo of the tree, a document of organisation A
	backgroundMap         string            // a background map (raster PMTiles) of organisation A
	filters               map[string]string // role → a filter of that role's own
	tasks                 map[string]string // role → a task of that role's own
	importTasks           map[string]string // role → an import task of that role's own
	tokens                map[string]string // role → Bearer token
	users                 map[string]string // role → user id
}

// statusAs sends req with role's token (none for a stranger) and answers the status.
func (w walkWorld) statusAs(t *testing.T, role string, req *http.Request) int {
	t.Helper()
	if tok := w.tokens[role]; tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func buildWalkWorld(t *testing.T, e *env) walkWorld {
	t.Helper()
	ctx := context.Background()
	w := walkWorld{tokens: map[string]string{}, users: map[string]string{}, filters: map[string]string{}, tasks: map[string]string{}, importTasks: map[string]string{}}
	q := e.db.Pool
	mustExec := func(sql string, args ...any) {
		t.Helper()
		if _, err := q.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	for _, role := range walkRoles[1:] {
		u, err := e.db.CreateConfirmedUser(ctx, store.NewUser{FirstName: role, LastName: "Walker",
			Email: newEmail(t), PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA", Language: "en"}, role == "super")
		if err != nil {
			t.Fatal(err)
		}
		w.users[role] = u.ID
		now := time.Now()
		claims := auth.Claims{Sub: u.ID, Alias: u.Alias, Authorities: u.Authorities, Location: "en",
			Iat: now.Unix(), Exp: now.Add(time.Hour).Unix(), Type: auth.TypeUser}
		tok, err := e.signer.Sign(claims)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.db.InsertSession(ctx, auth.TokenHash(tok), u.ID, auth.TypeUser, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		w.tokens[role] = tok
	}
	if err := q.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Walk A') RETURNING id`).Scan(&w.orgA); err != nil {
		t.Fatal(err)
	}
	var orgB, projectB string
	if err := q.QueryRow(ctx, `INSERT INTO organisation (name) VALUES ('Walk B') RETURNING id`).Scan(&orgB); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Project A') RETURNING id`, w.orgA).Scan(&w.projectA); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO project (organisation_id, name) VALUES ($1, 'Project B') RETURNING id`, orgB).Scan(&projectB); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO job (organisation_id, project_id, name) VALUES ($1, $2, 'Job A') RETURNING id`, w.orgA, w.projectA).Scan(&w.jobA); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO tree_import (organisation_id, project_id, file_name, format, srid)
		VALUES ($1, $2, 'register.csv', 'csv', 31467) RETURNING id`, w.orgA, w.projectA).Scan(&w.treeImport); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO project_basemap (organisation_id, project_id, name, type, url)
		VALUES ($1, $2, 'Orthophoto', 'xyz', 'https://tiles.example/{z}/{x}/{y}.png') RETURNING id`, w.orgA, w.projectA).Scan(&w.basemap); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO api_key (organisation_id, name, prefix, hash, projects)
		VALUES ($1, 'QGIS', 'arb_xx', sha256(gen_random_uuid()::text::bytea), ARRAY[$2::uuid]) RETURNING id`, w.orgA, w.projectA).Scan(&w.apiKey); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO booking (organisation_id, package_id, unit_cents, net_cents, vat_percent, vat_cents,
		gross_cents, period_start, period_end, billing, username)
		VALUES ($1, 'gaeb', 32000, 32000, 19, 6080, 38080, current_date, current_date + 365, '{"name": "A"}', 'Admin') RETURNING id`, w.orgA).Scan(&w.booking); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `INSERT INTO tree (organisation_id, project_id, geom, number)
		VALUES ($1, $2, ST_SetSRID(ST_MakePoint(9.43, 54.78), 4326), 1) RETURNING id`, w.orgA, w.projectA).Scan(&w.tree); err != nil {
		t.Fatal(err)
	}
	if err := q.QueryRow(ctx, `WITH work AS (INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr)
			VALUES ($1, 'work', 'Crown care', 'Kronenpflege', 'Taille') RETURNING id)
		INSERT INTO tree_action (organisation_id, project_id, tree_id, work_id, action)
		SELECT $1, $2, $3, id, 'Crown care' FROM work RETURNING id`, w.orgA, w.projectA, w.tree).Scan(&w.action); err != nil {
		t.Fatal(err)
	}
	for _, role := range walkRoles[1:] {
		var id string
		if err := q.QueryRow(ctx, `INSERT INTO saved_filter (organisation_id, project_id, owner_id, name, filter)
			VALUES ($1, $2, $3, 'Mine', '{}') RETURNING id`, w.orgA, w.projectA, w.users[role]).Scan(&id); err != nil {
			t.Fatal(err)
		}
		w.filters[role] = id
		if err := q.QueryRow(ctx, `INSERT INTO task (organisation_id, project_id, user_id, kind, total)
			VALUES ($1, $2, $3, 'archive', 1) RETURNING id`, w.orgA, w.projectA, w.users[role]).Scan(&id); err != nil {
			t.Fatal(err)
		}
		w.tasks[role] = id
		if err := q.QueryRow(ctx, `INSERT INTO task (organisation_id, project_id, user_id, kind, total, state)
			VALUES ($1, $2, $3, 'import', 1000, 'done') RETURNING id`, w.orgA, w.projectA, w.users[role]).Scan(&id); err != nil {
			t.Fatal(err)
		}
		w.importTasks[role] = id
	}
	w.importTasks["anonymous"] = w.importTasks["manager"]
	w.filters["anonymous"] = w.filters["manager"]
	w.tasks["anonymous"] = w.tasks["manager"]
	mustExec(`INSERT INTO job_invitation (organisation_id, job_id, email, role) VALUES ($1, $2, 'invited@example.org', 'care')`, w.orgA, w.jobA)
	mustExec(`UPDATE job SET conflicts = '[{"kind": "lock_broken"}]' WHERE organisation_id = $1 AND id = $2`, w.orgA, w.jobA)
	if err := q.QueryRow(ctx, `INSERT INTO list_entry (organisation_id, list, name_en, name_de, name_fr)
		VALUES ($1, 'work', 'Unused', 'Unused', 'Unused') RETURNING id`, w.orgA).Scan(&w.workEntry); err != nil {
		t.Fatal(err)
	}
	w.treeFile, w.orgFile = walkFiles(t, e, w)
	bg, err := e.srv.files.SaveBackground(ctx, files.BackgroundUpload{Organisation: w.orgA, Name: "walk", Max: 1 << 20},
		bytes.NewReader(testPMTiles(2, 1, 0, 1, []testTile{{0, 1, redTile}})))
	if err != nil {
		t.Fatal(err)
	}
	w.backgroundMap = bg.ID
	mustExec(`INSERT INTO organisation_admin VALUES ($1, $2)`, w.orgA, w.users["admin"])
	mustExec(`INSERT INTO organisation_admin VALUES ($1, $2)`, orgB, w.users["outsider"])
	mustExec(`INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, 0)`, orgB, projectB, w.users["outsider"])
	for role, access := range map[string]int{"manager": 0, "reader": 1, "editor": 2, "care": 3} {
		mustExec(`INSERT INTO project_member (organisation_id, project_id, user_id, access) VALUES ($1, $2, $3, $4)`, w.orgA, w.projectA, w.users[role], access)
	}
	return w
}

// TestEveryRouteForEveryRole walks the whole route table with each role against organisation A.
// A fresh world per call keeps destructive calls (logout, cancel, delete) from spoiling the next.
func TestEveryRouteForEveryRole(t *testing.T) {
	e := newEnv(t)
	seen := map[string]bool{}
	for _, rt := range e.srv.routes() {
		key := rt.method + " " + rt.path
		seen[key] = true
		want, ok := routeExpectations[key]
		if !ok {
			t.Errorf("route %s has no expectation in routeExpectations: add its rule", key)
			continue
		}
		if !auth.Known(rt.action) {
			t.Errorf("route %s names action %q that the permission table does not know", key, rt.action)
		}
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			walkRoute(t, e, rt, want)
		})
	}
	for key := range routeExpectations {
		if !seen[key] {
			t.Errorf("routeExpectations lists %s, which is not in the route table", key)
		}
	}
}

func walkRoute(t *testing.T, e *env, rt route, want expect) {
	key := rt.method + " " + rt.path
	for _, role := range walkRoles {
		w := buildWalkWorld(t, e)
		path := strings.NewReplacer(
			"{id}", map[bool]string{true: w.projectA, false: w.orgA}[rt.scope == projectScope || strings.Contains(rt.path, "/login/project/") || strings.HasPrefix(rt.path, "/api/tiles/")],
			"{projectId}", w.projectA, "{jobId}", w.jobA,
			"{userId}", w.users["admin"], "{member}", w.users["reader"], "{basemapId}", w.basemap,
			"{treeId}", w.tree, "{actionId}", w.action, "{index}", "0",
			"{filterId}", w.filters[role], "{taskId}", map[bool]string{true: w.importTasks[role], false: w.tasks[role]}[strings.Contains(rt.path, "/import/task/")], "{list}", "work", "{entryId}", w.workEntry, "{importId}", w.treeImport, "{fileId}", map[bool]string{true: w.orgFile, false: w.treeFile}[strings.Contains(rt.path, "/organisation/")], "{layer}", "trees", "{z}", "16", "{x}", "34620", "{y}", "20588", "{layerJSON}", "trees.json", "{theme}", "safety",
			"{collection}", "trees", "{featureId}", w.tree, "{keyId}", w.apiKey, "{kind}", "project", "{bookingId}", w.booking,
			"{mapId}", w.backgroundMap, "{tile}", "20588.png",
			"{page}", "imprint", "{document}", "terms", "{lang}", "de").Replace(rt.path)
		if strings.Contains(rt.path, "/job/{jobId}/users/{member}") {
			path = strings.Replace(path, w.users["reader"], "invited@example.org", 1)
		}
		if rt.scope == contentScope {
			path += "?project=" + w.projectA + "&tree=" + w.tree
		}
		var body io.Reader
		if changesState(rt.method) {
			body = strings.NewReader("{}")
		}
		req, _ := http.NewRequest(rt.method, e.ts.URL+path, body)
		status := w.statusAs(t, role, req)
		got := "ok"
		switch status {
		case 401, 403, 404:
			got = strconv.Itoa(status)
		}
		if got != want[role] {
			t.Errorf("%s as %s: got %s (status %d), want %s", key, role, got, status, want[role])
		}
	}
}

// TestPermissionTableRefusesUnknownRoles: a role the table does not list for an action may not do it.
func TestPermissionTableRefusesUnknownRoles(t *testing.T) {
	if auth.Can([]auth.Role{auth.Reader}, auth.ActProjectSettings) {
		t.Fatal("reader may change project settings")
	}
	if !auth.Can([]auth.Role{auth.Reader, auth.Manager}, auth.ActProjectSettings) {
		t.Fatal("manager may not change project settings")
	}
	if auth.Can(nil, auth.ActPublic) {
		t.Fatal("no role at all passed a rule")
	}
	if auth.Known("no.such.action") || auth.Can([]auth.Role{auth.Super}, "no.such.action") {
		t.Fatal("an unknown action was allowed")
	}
}

// TestHandlerActionsForEveryRole walks the variants of routes that ask the permission table for
// an action of their own (may): the list of every organisation, project-wide filters and breaking
// someone's hold of a job. Each role is tried in a world of its own, with the status it gets.
func TestHandlerActionsForEveryRole(t *testing.T) {
	e := newEnv(t)
	variants := []struct {
		name   string
		action auth.Action
		want   map[string]int
		call   func(w walkWorld, role string) *http.Request
	}{{
		name: "every organisation", action: auth.ActOrganisationSupport,
		want: map[string]int{"anonymous": 401, "outsider": 403, "reader": 403, "care": 403, "editor": 403, "manager": 403, "admin": 403, "super": 200},
		call: func(w walkWorld, role string) *http.Request {
			req, _ := http.NewRequest("GET", e.ts.URL+"/api/management/organisation?all=true", nil)
			return req
		},
	}, {
		name: "project-wide filter", action: auth.ActFilterProjectWide,
		want: map[string]int{"anonymous": 401, "outsider": 404, "reader": 400, "care": 400, "editor": 400, "manager": 201, "admin": 201, "super": 403},
		call: func(w walkWorld, role string) *http.Request {
			req, _ := http.NewRequest("POST", e.ts.URL+"/api/content/filters?project="+w.projectA,
				strings.NewReader(`{"name": "Everyone's", "filter": {}, "project_wide": true}`))
			return req
		},
	}, {
		name: "break a hold", action: auth.ActJobBreakLock,
		want: map[string]int{"anonymous": 401, "outsider": 404, "reader": 403, "care": 409, "editor": 200, "manager": 200, "admin": 200, "super": 403},
		call: func(w walkWorld, role string) *http.Request {
			// The editor holds the job; a manager may take it over, care may not.
			hold, _ := http.NewRequest("POST", e.ts.URL+"/api/management/job/"+w.jobA+"/lock?project="+w.projectA, nil)
			hold.Header.Set("Authorization", "Bearer "+w.tokens["editor"])
			res, err := http.DefaultClient.Do(hold)
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("the editor holds the job: %v %v", res, err)
			}
			res.Body.Close()
			req, _ := http.NewRequest("POST", e.ts.URL+"/api/management/job/"+w.jobA+"/lock?force=true&project="+w.projectA, nil)
			return req
		},
	}}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			if !auth.Known(v.action) {
				t.Fatalf("%s is not in the permission table", v.action)
			}
			for _, role := range walkRoles {
				w := buildWalkWorld(t, e)
				if status := w.statusAs(t, role, v.call(w, role)); status != v.want[role] {
					t.Errorf("%s as %s: status %d, want %d", v.name, role, status, v.want[role])
				}
			}
		})
	}
}

// TestEveryActionIsAsked: each action of the permission table is named by a route or asked by a
// handler (may); an action nobody asks for is a rule that protects nothing.
func TestEveryActionIsAsked(t *testing.T) {
	table, err := os.ReadFile("../auth/permissions.go")
	if err != nil {
		t.Fatal(err)
	}
	var api strings.Builder
	for _, f := range goSources(t, ".") {
		api.WriteString(f.text)
	}
	names := regexp.MustCompile(`(?m)^\s+(Act[A-Za-z]+)\s+Action = `).FindAllStringSubmatch(string(table), -1)
	if len(names) < 20 {
		t.Fatalf("found only %d actions in auth/permissions.go", len(names))
	}
	for _, n := range names {
		if !regexp.MustCompile(`auth\.` + n[1] + `\b`).MatchString(api.String()) {
			t.Errorf("auth.%s is asked by no route and no handler", n[1])
		}
	}
}

// walkFiles stores a photo of the walk's tree and a document of organisation A, bytes included.
func walkFiles(t *testing.T, e *env, w walkWorld) (treeFile, orgFile string) {
	t.Helper()
	ctx := context.Background()
	project := w.projectA
	tree, err := e.db.DocumentOwner(ctx, store.Content{OrganisationID: w.orgA, ProjectID: project}, "tree", w.tree)
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := e.srv.files.Save(ctx, files.Upload{Owner: *tree, Name: "walk.jpg"}, bytes.NewReader(testJPEG(t, 8, 8)))
	if err != nil {
		t.Fatal(err)
	}
	o, _, err := e.srv.files.Save(ctx, files.Upload{Owner: store.DocumentOwner{Organisation: w.orgA, Type: "organisation", ID: w.orgA},
		Name: "terms.pdf"}, bytes.NewReader([]byte("%PDF-1.4\n%%EOF\n")))
	if err != nil {
		t.Fatal(err)
	}
	return d.ID, o.ID
}
