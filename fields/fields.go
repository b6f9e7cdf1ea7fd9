package fields

// Tree lists the fields of a tree or group a person enters (docs/PRODUCT.md §3), by JSON name. They are
// the whitelist for required fields and default values; later the filter compiler and the table
// use the same list, so a name that is not here can never reach SQL.
var Tree = []string{
	"number", "number_text", "species", "planting_year", "height", "diameter", "scope", "top_diameter",
	"top_form", "vitality", "development", "damage_tree", "security_expectation", "symptoms",
	"valuation_top", "valuation_root", "valuation_trunk", "valuation_group", "tree_count", "area",
	"check_comment",
}

// CustomCategory groups the custom fields (docs/PRODUCT.md §3: General, Assessment, Other, Work,
// Inspection); the field numbers of each category follow docs/PRODUCT.md §3's numbering.
var CustomCategory = map[string]string{
	"general01": "general", "general02": "general", "general03": "general", "general04": "general",
	"general05": "general", "general06": "general", "general07": "general", "general08": "general",
	"general09": "general",
	"general11": "assessment", "general12": "assessment", "general13": "assessment",
	"general21": "other", "general22": "other", "general23": "other",
	"general31": "inspection", "general32": "inspection",
	"general41": "work", "general42": "work",
}

// Known reports whether name is a tree field or a custom field.
func Known(name string) bool {
	if _, ok := CustomCategory[name]; ok {
		return true
	}
	for _, f := range Tree {
		if f == name {
			return true
		}
	}
	return false
}
