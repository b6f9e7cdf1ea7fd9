package api

import (
	"net/http"
	"testing"
)

// TestThumbnailsWithNotices: thumbnails use the caches of a listening server as tiles do (a
// gallery asks for dozens at once), and a revoked access or session still stops them within moments.
func TestThumbnailsWithNotices(t *testing.T) {
	t.Parallel()
	e := newListeningEnv(t)
	w := e.buildTreeWorld(t)
	tree := w.createTree(t, w.editor, map[string]any{"number": 5})["id"].(string)
	body, ct := fileForm(t, "Krone.jpg", testJPEG(t, 300, 200))
	r := w.editor.do("POST", w.url("/api/document/save?object_type=tree&object_id="+tree), body, ct)
	wantStatus(t, r, http.StatusCreated)
	thumb := w.url("/api/document/thumbnail/" + r.json(t)["id"].(string) + "?size=small")
	status := func(b *browser) int { return b.do("GET", thumb, nil).StatusCode }
	for i := 0; i < 3; i++ {
		if s := status(w.reader); s != http.StatusOK {
			t.Fatalf("thumbnail for the reader: %d", s)
		}
	}

	// Access revoked: the reader's thumbnails stop.
	e.exec(t, `DELETE FROM project_member WHERE project_id = $1 AND user_id = $2`, w.project, e.userID(t, w.members[1]))
	waitFor(t, "revoked access", func() bool { return status(w.reader) == http.StatusNotFound })
	// Logged out: the editor's token no longer opens thumbnails.
	script := e.bearerClient(w.editor.cookie(sessionCookie)).in(t)
	if s := status(script); s != http.StatusOK {
		t.Fatalf("token before logout: %d", s)
	}
	wantStatus(t, w.editor.do("POST", "/api/auth/logout", nil), http.StatusNoContent)
	waitFor(t, "revoked session", func() bool { return status(script) == http.StatusUnauthorized })
}
