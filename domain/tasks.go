package domain

import (
	"context"
	"encoding/json"

	"arbor"
	"arbor/store"
)

// The queue's tasks a person follows — imports, archiving a view, big exports — share one
// liveness: the server working one says every few seconds that it is at it
// (store.DB.KeepTaskAlive), and one not heard of for store.TaskDeadAfter is one whose server
// died, failed when its starter next looks (here), so that the app stops waiting and they may
// start it again within minutes, not after the queue's rescue an hour later.

// serverStopped is each kind's message for a task whose server died.
func serverStopped(kind string) string {
	if kind == "import" {
		return "import.server_stopped"
	}
	return "task.server_stopped"
}

// failDeadTasks fails the person's running tasks of kinds in the project whose server died,
// each telling so in their language.
func failDeadTasks(ctx context.Context, tx *store.Tx, sc store.Content, userID string, kinds []string, lang string) error {
	results := make(map[string]json.RawMessage, len(kinds))
	for _, k := range kinds {
		raw, err := json.Marshal(importTaskError(lang, arbor.Errorf(arbor.EINTERNAL, serverStopped(k), nil)))
		if err != nil {
			return err
		}
		results[k] = raw
	}
	_, err := tx.FailDeadTasks(ctx, sc, userID, results)
	return err
}

// OpenTasks lists the person's tasks of kinds in the project that have not ended, after failing
// those whose server died: the import wizard opened again shows the import under way, the data
// view the archiving and exports, or lets them start anew.
func (d *Service) OpenTasks(ctx context.Context, sc store.Content, userID string, kinds []string, lang string) ([]store.Task, error) {
	var list []store.Task
	err := d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		if err := failDeadTasks(ctx, tx, sc, userID, kinds, lang); err != nil {
			return err
		}
		list, err = tx.OpenTasks(ctx, sc, userID, kinds)
		return err
	})
	return list, err
}

// Task reads a task of kinds the person started, failed first if its server died, so that the
// app following it tells them instead of waiting for ever.
func (d *Service) Task(ctx context.Context, sc store.Content, userID, id string, kinds []string, lang string) (*store.Task, error) {
	var t *store.Task
	err := d.db.InTx(ctx, func(tx *store.Tx) (err error) {
		if err := failDeadTasks(ctx, tx, sc, userID, kinds, lang); err != nil {
			return err
		}
		t, err = tx.Task(ctx, sc, userID, id, kinds)
		return err
	})
	return t, err
}
