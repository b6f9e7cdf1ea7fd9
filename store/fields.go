package store

// CustomField is the configuration of one custom field of a project.
type CustomField struct {
	Alias        string   `json:"alias"`
	Active       bool     `json:"active"`
	Type         string   `json:"type"` // text or list
	DefaultValue string   `json:"default_value"`
	Sort         string   `json:"sort"` // alpha or manual, for lists
	Values       []string `json:"values"`
	Category     string   `json:"category"`
}

// InspectionIntervals is the project's inspection interval matrix in months (docs/DECISIONS.md, after the
// FLL guideline): rows by development and condition, columns by traffic safety expectation.
type InspectionIntervals struct {
	YoungHealthy IntervalPair `json:"young_healthy"` // juvenile or mature, damage 0–1
	AgingHealthy IntervalPair `json:"aging_healthy"` // aging, damage 0–1
	Damaged      IntervalPair `json:"damaged"`       // damage 2–3, any development
	Hollow       IntervalPair `json:"hollow"`        // hollow tree
}

// IntervalPair holds the months for low and high traffic safety expectation.
type IntervalPair struct {
	Low  int `json:"low"`
	High int `json:"high"`
}
