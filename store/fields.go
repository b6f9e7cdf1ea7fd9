package store

// TreeFields are the fields of a tree or group a person enters (docs/PRODUCT.md §3), by JSON name. They are
// the whitelist for required fields and default values; later the filter compiler and the table
// use the same list, so a name that is not here can never reach SQL.
var TreeFields = []string{
	"number", "number_text", "species", "planting_year", "height", "diameter", "scope", "top_diameter",
	"top_form", "vitality", "development", "damage_tree", "security_expectation", "symptoms",
	"valuation_top", "valuation_root", "valuation_trunk", "valuation_group", "tree_count", "area",
	"check_comment",
}

// CustomFieldCategory groups the custom fields (docs/PRODUCT.md §3: General, Assessment, Other, Work,
// Inspection); the field numbers of each category follow docs/PRODUCT.md §3's numbering.
var CustomFieldCategory = map[string]string{
	"general01": "general", "general02": "general", "general03": "general", "general04": "general",
	"general05": "general", "general06": "general", "general07": "general", "general08": "general",
	"general09": "general",
	"general11": "assessment", "general12": "assessment", "general13": "assessment",
	"general21": "other", "general22": "other", "general23": "other",
	"general31": "inspection", "general32": "inspection",
	"general41": "work", "general42": "work",
}

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

// IsTreeField reports whether name is a tree field or a custom field.
func IsTreeField(name string) bool {
	if _, ok := CustomFieldCategory[name]; ok {
		return true
	}
	for _, f := range TreeFields {
		if f == name {
			return true
		}
	}
	return false
}
