package store

import "time"

// Plan is what an organisation's demo and bookings allow, as the access checks read it with the
// organisation: whether its demo is over (read-only) and which add-ons it may use. Both are
// judged on the same clock, the server's (tests move it), never on the database's now().
type Plan struct {
	DemoUntil    time.Time
	Booked       bool     // a tree data package is booked: the demo's end no longer matters
	AddonIDs     []string // every add-on of the price list
	BookedAddons []string // the add-ons the organisation booked
}

// planColumns read a Plan of the organisation o, in Plan's order (scan with Plan.dest).
const planColumns = `o.demo_until, o.tree_package IS NOT NULL, arbor_addon_ids(), arbor_booked_addons(o.id)`

func (p *Plan) dest() []any { return []any{&p.DemoUntil, &p.Booked, &p.AddonIDs, &p.BookedAddons} }

// InDemo reports whether the organisation's demo runs at now: no package booked, its end ahead.
func (p Plan) InDemo(now time.Time) bool { return !p.Booked && now.Before(p.DemoUntil) }

// DemoOver reports whether the demo has ended at now without a package: the organisation is
// read-only (docs/PRODUCT.md §4).
func (p Plan) DemoOver(now time.Time) bool { return !p.Booked && !now.Before(p.DemoUntil) }

// Addons are the add-ons the organisation may use at now: during its demo every one, so people
// can try what they would buy; afterwards those it booked (docs/DECISIONS.md).
func (p Plan) Addons(now time.Time) []string {
	if p.InDemo(now) {
		return p.AddonIDs
	}
	if p.BookedAddons == nil {
		return []string{}
	}
	return p.BookedAddons
}
