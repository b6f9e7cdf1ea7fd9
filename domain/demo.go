package domain

import (
	"context"
	"time"

	"arbor/store"
)

// EndDemos sends the demo notices due at now to every administrator of each organisation — the
// demo ends in N days, in one day, has ended — each once, in one transaction with marking them
// sent. An ended demo leaves the organisation read-only until a package is booked (the API
// refuses its changes); nothing is deleted. It answers how many organisations were told.
func (d *Service) EndDemos(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		due, err := tx.DueDemoNotices(ctx, now)
		if err != nil {
			return err
		}
		n = len(due)
		for _, o := range due {
			key := map[int]string{7: "mail.demo_days", 1: "mail.demo_one_day", 0: "mail.demo_ended"}[o.Days]
			args := map[string]any{"org": o.Name, "days": o.DaysLeft,
				"link": d.Link("/organisations/"+o.OrganisationID+"/packages", nil)}
			if err := d.mailAdministrators(ctx, tx, o.OrganisationID, key, func(string) map[string]any { return args }); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// ExtendDemo is platform support extending an organisation's demo by days (1–90): the new end
// and the support record of it (who, when, by how much, the old and new end) are written in one
// transaction.
func (d *Service) ExtendDemo(ctx context.Context, orgID, supportUserID string, days int, now time.Time) (time.Time, error) {
	var until time.Time
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if until, err = tx.ExtendDemo(ctx, orgID, days, now); err != nil {
			return err
		}
		return tx.RecordSupportAction(ctx, supportUserID, orgID, "extend demo",
			map[string]any{"days": days, "demo_until": until.UTC().Format(time.RFC3339)})
	})
	return until, err
}
