package store

import (
	"context"
	"errors"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// The demo's end (docs/PRODUCT.md §4): a periodic job of the queue finds the organisations whose
// 28-day demo ends within a week, within a day, or has ended, and notes which notice each got, so
// every administrator is told once at each step. Nothing is deleted: an ended demo only makes the
// organisation read-only until a tree data package is booked.

// DemoJob is the queue's periodic job of ending demos and sending their notices.
type DemoJob struct{}

// Kind names the job among the queue's.
func (DemoJob) Kind() string { return "demo_end" }

// InsertOpts: one run at a time is enough.
func (DemoJob) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: time.Minute}}
}

// DemoNotice is one organisation's due notice: Days is 7 (ends within a week), 1 (within a day)
// or 0 (ended).
type DemoNotice struct {
	OrganisationID string
	Name           string
	Days           int
	DaysLeft       int
	DemoUntil      time.Time
}

// DueDemoNotices claims the notices due at now and marks them sent (in the caller's transaction:
// they are sent with it or not at all). Organisations another run holds are skipped.
func (tx *Tx) DueDemoNotices(ctx context.Context, now time.Time) ([]DemoNotice, error) {
	rows, err := tx.q.Query(ctx, `
		WITH due AS (
			SELECT o.id, o.name, o.demo_until,
			       CASE WHEN o.demo_until <= $1 THEN 0
			            WHEN o.demo_until <= $1 + interval '1 day' THEN 1
			            ELSE 7 END AS step
			FROM organisation o
			WHERE NOT o.terminated AND o.tree_package IS NULL AND o.demo_until <= $1 + interval '7 days'
			FOR UPDATE SKIP LOCKED
		)
		UPDATE organisation o SET demo_notice = due.step,
			demo_ended_at = CASE WHEN due.step = 0 THEN coalesce(o.demo_ended_at, $1) ELSE o.demo_ended_at END
		FROM due WHERE o.id = due.id AND o.demo_notice > due.step
		RETURNING o.id, due.name, due.step, due.demo_until`, now)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (DemoNotice, error) {
		var n DemoNotice
		err := r.Scan(&n.OrganisationID, &n.Name, &n.Days, &n.DemoUntil)
		return n, err
	})
	for i := range out {
		out[i].DaysLeft = DaysLeft(out[i].DemoUntil, now)
	}
	return out, err
}

// DaysLeft counts the demo's days left at now, a day begun counting whole.
func DaysLeft(until, now time.Time) int {
	left := until.Sub(now)
	if left <= 0 {
		return 0
	}
	return int((left + 24*time.Hour - time.Nanosecond) / (24 * time.Hour))
}

// ExtendDemo moves the end of an organisation's demo by days, counted from its end or, for a
// demo that has ended already, from now; the demo's notices start over for the new end. It
// answers the new end. A cancelled organisation is not extended (ECONFLICT).
func (tx *Tx) ExtendDemo(ctx context.Context, orgID string, days int, now time.Time) (time.Time, error) {
	var until time.Time
	err := tx.q.QueryRow(ctx, `
		UPDATE organisation SET demo_until = greatest(demo_until, $3) + make_interval(days => $2),
			demo_notice = 28, demo_ended_at = NULL, version = version + 1, updated_at = now()
		WHERE id = $1 AND NOT terminated
		RETURNING demo_until`, orgID, days, now).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) {
		return until, arbor.Errorf(arbor.ECONFLICT, "org.terminated", nil)
	}
	return until, err
}
