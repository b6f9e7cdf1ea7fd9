package api

import (
	"net/http"
	"testing"
	"time"
)

// followTask reads the task at path as b, as the web app does, until the queue has ended it
// (done or failed) and answers it as last read; it fails the test when the task is still
// running after limit.
func followTask(t *testing.T, b *browser, path string, limit time.Duration) map[string]any {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		r := b.do("GET", path, nil)
		wantStatus(t, r, http.StatusOK)
		task := r.json(t)
		if task["state"] == "done" || task["state"] == "failed" {
			return task
		}
		if time.Now().After(deadline) {
			t.Fatalf("task did not end: %v", task)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
