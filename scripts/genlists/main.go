// Command genlists writes sql/020_lists.sql, the global value lists (docs/PRODUCT.md §3 "Lists"): the species
// of the Flensburg tree list with their English and French names from Wikispecies, the works after
// ZTV-Baumpflege, the symptoms after the FLL tree inspection guideline (VTA), and their notes, in
// English, German and French.
//
//	go run ./scripts/genlists <species folder> > sql/020_lists.sql
//
// The species folder holds the Flensburg tree list and its Wikispecies names (their source and
// licences: docs/DECISIONS.md, "Data"). The SQL is idempotent (an upsert by list and key),
// because the files of sql/ are re-applied after every migration.
package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

type work struct {
	key, en, de, fr, category string
	relevant                  bool
	security                  int // 1 detailed investigation, 2 restorable, 3 felling
}

type note struct{ parent, key, en, de, fr string }

type symptom struct{ key, en, de, fr, typ string }

var works = []work{
	{"felling", "Felling", "Fällung", "Abattage", "felling", true, 3},
	{"felling_sectional", "Sectional felling", "Fällung in Teilstücken (Seilklettertechnik)", "Démontage par tronçons", "felling", true, 3},
	{"detailed_investigation", "Detailed investigation", "Eingehende Untersuchung", "Examen approfondi", "investigation", true, 1},
	{"decay_detection", "Decay detection (resistograph, tomography)", "Bohrwiderstandsmessung / Schalltomographie", "Détection de la carie (résistographe, tomographie)", "investigation", true, 1},
	{"root_investigation", "Root investigation", "Wurzeluntersuchung", "Examen racinaire", "investigation", true, 1},
	{"crown_maintenance", "Crown maintenance pruning", "Kronenpflege", "Taille d'entretien", "pruning", true, 2},
	{"deadwood_removal", "Deadwood removal", "Totholzentfernung", "Suppression du bois mort", "pruning", true, 2},
	{"crown_reduction", "Crown reduction", "Kroneneinkürzung", "Réduction de couronne", "pruning", true, 2},
	{"crown_thinning", "Crown thinning", "Kronenauslichtung", "Éclaircie de couronne", "pruning", true, 2},
	{"crown_lifting", "Clearance pruning (crown lifting)", "Lichtraumprofilschnitt", "Taille de dégagement (relevage de couronne)", "pruning", true, 2},
	{"partial_crown_reduction", "Partial crown reduction", "Teilkroneneinkürzung", "Réduction partielle de couronne", "pruning", true, 2},
	{"crown_restoration", "Crown restoration", "Kronenrestaurierung", "Restauration de couronne", "pruning", true, 2},
	{"formative_pruning", "Formative pruning", "Erziehungsschnitt (Jungbaumpflege)", "Taille de formation", "pruning", false, 2},
	{"crown_securing_dynamic", "Dynamic crown bracing", "Kronensicherung dynamisch", "Haubanage dynamique", "securing", true, 2},
	{"crown_securing_static", "Static crown bracing", "Kronensicherung statisch", "Haubanage statique", "securing", true, 2},
	{"broken_branch_removal", "Removal of broken or hanging branches", "Entfernen von Bruch- und Hängeästen", "Retrait des branches cassées ou pendantes", "pruning", true, 2},
	{"epicormic_removal", "Removal of epicormic shoots", "Entfernen von Stammaustrieben", "Suppression des rejets", "pruning", false, 2},
	{"ivy_removal", "Ivy removal", "Efeu entfernen", "Suppression du lierre", "site", false, 2},
	{"root_collar_exposure", "Root collar exposure", "Wurzelanlauf freilegen", "Dégagement du collet", "site", false, 2},
	{"stump_grinding", "Stump grinding", "Stubbenfräsen", "Dessouchage par rognage", "felling", false, 2},
	{"watering", "Watering", "Wässern", "Arrosage", "planting", false, 2},
	{"planting", "Replanting", "Nachpflanzung", "Replantation", "planting", false, 2},
	{"tree_protection_construction", "Tree protection on construction sites", "Baumschutz auf Baustellen", "Protection des arbres sur les chantiers", "site", false, 2},
	{"soil_improvement", "Soil improvement", "Bodenverbesserung", "Amélioration du sol", "site", false, 2},
	{"stabilisation_stake", "Check or remove stakes and ties", "Verankerung prüfen oder entfernen", "Contrôler ou retirer tuteurs et liens", "planting", false, 2},
}

var workNotes = []note{
	{"felling", "with_stump", "Remove the stump as well", "Stubben mit entfernen", "Enlever aussi la souche"},
	{"felling", "habitat_stump", "Leave a high stump as habitat", "Hochstubben als Habitat belassen", "Laisser une chandelle comme habitat"},
	{"felling", "traffic_control", "Traffic control needed", "Verkehrssicherung erforderlich", "Signalisation routière nécessaire"},
	{"crown_maintenance", "protected_species", "Check for nesting birds and bats first", "Vorher auf Brutvögel und Fledermäuse prüfen", "Vérifier d'abord oiseaux nicheurs et chauves-souris"},
	{"deadwood_removal", "from_5cm", "Deadwood from 5 cm diameter", "Totholz ab 5 cm Durchmesser", "Bois mort à partir de 5 cm de diamètre"},
	{"crown_lifting", "road_4_5m", "Clearance 4.5 m over the road", "Lichtraum 4,5 m über der Fahrbahn", "Gabarit de 4,5 m au-dessus de la chaussée"},
	{"crown_lifting", "path_2_5m", "Clearance 2.5 m over footpaths", "Lichtraum 2,5 m über Gehwegen", "Gabarit de 2,5 m au-dessus des trottoirs"},
	{"detailed_investigation", "fungus", "Identify the fungus", "Pilzart bestimmen", "Identifier le champignon"},
	{"stump_grinding", "below_ground", "Grind 20 cm below ground level", "Stubben 20 cm unter Flur fräsen", "Rogner la souche à 20 cm sous le sol"},
	{"crown_securing_dynamic", "annual_check", "Check the bracing every year", "Kronensicherung jährlich kontrollieren", "Contrôler le haubanage chaque année"},
	{"crown_reduction", "max_20_percent", "Reduce by at most 20 % of the leaf area", "Höchstens 20 % der Blattmasse einkürzen", "Réduire au plus 20 % de la masse foliaire"},
}

// symptomType: root, trunk or crown.
var symptoms = []symptom{
	{"fungus_root", "Fungal fruiting bodies at the root collar", "Pilzfruchtkörper am Stammfuß", "Carpophores au collet", "root"},
	{"root_plate_lifting", "Root plate lifting", "Anhebung des Wurzeltellers", "Soulèvement du plateau racinaire", "root"},
	{"soil_cracks", "Soil cracks around the tree", "Bodenrisse im Wurzelbereich", "Fissures du sol autour de l'arbre", "root"},
	{"root_damage", "Damaged or cut roots", "Wurzelschäden / gekappte Wurzeln", "Racines endommagées ou coupées", "root"},
	{"girdling_root", "Girdling root", "Würgewurzel", "Racine étrangleuse", "root"},
	{"sealed_root_zone", "Sealed or compacted root zone", "Versiegelter oder verdichteter Wurzelraum", "Zone racinaire imperméabilisée ou compactée", "root"},
	{"root_collar_rot", "Root collar decay", "Stammfußfäule", "Pourriture du collet", "root"},
	{"cavity", "Cavity", "Höhlung", "Cavité", "trunk"},
	{"crack", "Crack", "Riss", "Fissure", "trunk"},
	{"included_bark", "Included bark", "Eingewachsene Rinde (Druckzwiesel)", "Écorce incluse", "trunk"},
	{"codominant_stems", "Co-dominant stems", "Zwiesel", "Fourche codominante", "trunk"},
	{"bark_necrosis", "Bark necrosis", "Rindennekrose", "Nécrose de l'écorce", "trunk"},
	{"fungus_trunk", "Fungal fruiting bodies on the trunk", "Pilzfruchtkörper am Stamm", "Carpophores sur le tronc", "trunk"},
	{"bulge", "Bulge", "Beule / Wulst", "Bourrelet", "trunk"},
	{"lean", "Lean", "Schiefstand", "Inclinaison", "trunk"},
	{"wound", "Wound", "Wunde", "Blessure", "trunk"},
	{"bleeding", "Bleeding / slime flux", "Schleimfluss", "Écoulement", "trunk"},
	{"woodpecker_holes", "Woodpecker holes", "Spechtlöcher", "Trous de pics", "trunk"},
	{"deadwood", "Deadwood in the crown", "Totholz in der Krone", "Bois mort dans la couronne", "crown"},
	{"broken_branches", "Broken or hanging branches", "Abgebrochene oder hängende Äste", "Branches cassées ou pendantes", "crown"},
	{"dieback", "Crown dieback", "Kronenrückgang / Wipfeldürre", "Dépérissement de la couronne", "crown"},
	{"sparse_foliage", "Sparse foliage", "Schütteres Laub", "Feuillage clairsemé", "crown"},
	{"leaf_discolouration", "Leaf discolouration", "Blattverfärbung", "Décoloration des feuilles", "crown"},
	{"crown_fork", "Weak crown fork", "Bruchgefährdeter Kronenzwiesel", "Fourche de couronne fragile", "crown"},
	{"overextended_limb", "Overextended limb", "Überlanger Ast", "Branche trop longue", "crown"},
	{"mistletoe", "Mistletoe", "Mistelbefall", "Gui", "crown"},
	{"pest", "Pest infestation", "Schädlingsbefall", "Infestation de ravageurs", "crown"},
	{"crown_asymmetry", "One-sided crown", "Einseitige Krone", "Couronne asymétrique", "crown"},
	{"lightning", "Lightning damage", "Blitzschaden", "Dégât de foudre", "trunk"},
	{"storm_damage", "Storm damage", "Sturmschaden", "Dégât de tempête", "crown"},
}

var symptomNotes = []note{
	{"cavity", "open", "Open cavity", "Offene Höhlung", "Cavité ouverte"},
	{"cavity", "closed", "Closed cavity, sound when tapped", "Geschlossene Höhlung, hohl klingend", "Cavité fermée, sonne creux"},
	{"crack", "longitudinal", "Longitudinal crack", "Längsriss", "Fissure longitudinale"},
	{"crack", "shear", "Shear crack", "Scherriss", "Fissure de cisaillement"},
	{"fungus_root", "giant_polypore", "Giant polypore (Meripilus giganteus)", "Riesenporling (Meripilus giganteus)", "Polypore géant (Meripilus giganteus)"},
	{"fungus_trunk", "ganoderma", "Artist's bracket (Ganoderma)", "Lackporling (Ganoderma)", "Ganoderme"},
	{"lean", "recent", "Lean increased recently", "Schiefstand hat zugenommen", "Inclinaison récemment accrue"},
	{"deadwood", "over_5cm", "Deadwood over 5 cm diameter", "Totholz über 5 cm Durchmesser", "Bois mort de plus de 5 cm de diamètre"},
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/genlists <species folder> > sql/020_lists.sql")
		os.Exit(2)
	}
	dir := os.Args[1]
	out := bufio.NewWriter(os.Stdout)
	if err := write(out, dir); err != nil {
		fmt.Fprintln(os.Stderr, "genlists:", err)
		os.Exit(1)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genlists:", err)
		os.Exit(1)
	}
}

func q(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// wikiAnswer is the part of a MediaWiki API answer (prop=langlinks) the names come from.
type wikiAnswer struct {
	Query struct {
		Pages map[string]struct {
			Title     string `json:"title"`
			LangLinks []struct {
				Lang  string `json:"lang"`
				Title string `json:"*"`
			} `json:"langlinks"`
		} `json:"pages"`
	} `json:"query"`
}

// wikiNames is a taxon's Wikispecies page title and its Wikipedia titles by language.
type wikiNames struct {
	title string
	links map[string]string
}

var (
	disambiguation = regexp.MustCompile(`\s*\([^)]*\)$`)
	cultivar       = regexp.MustCompile(`\s'.+'$`)
)

// speciesNames answers the English and French names of a species: the Wikipedia titles of its
// Wikispecies page, or the botanical name where there is none or the title is a botanical name.
func speciesNames(botanical string, w *wikiNames) (en, fr string) {
	name := func(lang string) string {
		if w == nil {
			return botanical
		}
		t := strings.TrimSpace(disambiguation.ReplaceAllString(w.links[lang], ""))
		if t == "" || strings.EqualFold(t, w.title) || strings.EqualFold(t, botanical) ||
			strings.EqualFold(strings.ReplaceAll(t, "×", "x"), strings.ReplaceAll(w.title, "×", "x")) {
			return botanical
		}
		// A cultivar found by its species keeps its cultivar name.
		if c := cultivar.FindString(botanical); c != "" && !strings.Contains(strings.ToLower(t), strings.ToLower(strings.TrimSpace(c))) {
			t += c
		}
		return t
	}
	return name("en"), name("fr")
}

func readWiki(path string) (map[string]*wikiNames, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var answers map[string]wikiAnswer
	if err := json.Unmarshal(raw, &answers); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	names := map[string]*wikiNames{}
	for taxon, a := range answers {
		for _, p := range a.Query.Pages {
			n := &wikiNames{title: p.Title, links: map[string]string{}}
			for _, l := range p.LangLinks {
				n.links[l.Lang] = l.Title
			}
			names[strings.ToLower(taxon)] = n
			if p.Title != "" {
				if _, ok := names[strings.ToLower(p.Title)]; !ok {
					names[strings.ToLower(p.Title)] = n
				}
			}
		}
	}
	return names, nil
}

func write(w io.Writer, dir string) error {
	wiki, err := readWiki(filepath.Join(dir, "trees-wikispecies.json"))
	if err != nil {
		return err
	}
	f, err := os.Open(filepath.Join(dir, "flensburg_tree_species.csv"))
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	records, err := r.ReadAll()
	if err != nil {
		return err
	}
	p := func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	p("-- Global value lists, generated by scripts/genlists (go run ./scripts/genlists <species folder> > sql/020_lists.sql): do not edit by hand.")
	p("-- Species: the Flensburg tree list (CC0; Wikipedia titles via Wikispecies, CC BY-SA 3.0; docs/DECISIONS.md).")
	p("-- Works after ZTV-Baumpflege, symptoms after the FLL tree inspection guideline (VTA), in EN, DE, FR.")
	p("-- Idempotent: sql/ is re-applied after every migration; entries are upserted by list and key.")

	// One entry per botanical name without regard to case (the unique index list_entry_value).
	seen := map[string]bool{}
	var rows, keys []string
	for _, rec := range records {
		if len(rec) < 2 {
			continue
		}
		botanical := strings.Join(strings.Fields(rec[0]), " ")
		if strings.HasPrefix(botanical, "'") && strings.Count(botanical, "'")%2 == 1 {
			botanical = strings.TrimSpace(botanical[1:]) // a stray quote of the source list
		}
		german := strings.TrimSpace(rec[1])
		key := strings.ToLower(botanical)
		if botanical == "" || seen[key] || !isTaxon(botanical) {
			continue
		}
		seen[key] = true
		keys = append(keys, q(key))
		if german == "" {
			german = botanical
		}
		en, fr := speciesNames(botanical, wiki[key])
		if cen, cfr := commonNames(botanical); cen != "" {
			if en == botanical {
				en = cen
			}
			if fr == botanical {
				fr = cfr
			}
		}
		rows = append(rows, fmt.Sprintf("('species', %s, %s, %s, %s, %s)", q(key), q(botanical), q(en), q(german), q(fr)))
	}
	p("INSERT INTO list_entry (list, key, botanical, name_en, name_de, name_fr) VALUES")
	p("%s", strings.Join(rows, ",\n"))
	p("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET botanical = EXCLUDED.botanical,")
	p("    name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de, name_fr = EXCLUDED.name_fr;")
	p("-- Entries the list no longer holds (no taxa, misspelt keys) go where no object names them.")
	p("DELETE FROM list_entry e WHERE e.list = 'species' AND e.organisation_id IS NULL AND e.key IS NOT NULL")
	p("    AND e.key <> ALL (ARRAY[%s])", strings.Join(keys, ", "))
	p("    AND NOT EXISTS (SELECT 1 FROM tree t WHERE t.species_id = e.id);")
	p("")

	rows = rows[:0]
	for _, x := range works {
		rows = append(rows, fmt.Sprintf("('work', %s, %s, %s, %s, %s, %t, %d)", q("work."+x.key), q(x.en), q(x.de), q(x.fr), q(x.category), x.relevant, x.security))
	}
	p("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, category, security_relevance, action_security) VALUES")
	p("%s", strings.Join(rows, ",\n"))
	p("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
	p("    name_fr = EXCLUDED.name_fr, category = EXCLUDED.category, security_relevance = EXCLUDED.security_relevance,")
	p("    action_security = EXCLUDED.action_security;")
	p("")

	rows = rows[:0]
	for _, x := range symptoms {
		rows = append(rows, fmt.Sprintf("('symptom', %s, %s, %s, %s, %s)", q("symptom."+x.key), q(x.en), q(x.de), q(x.fr), q(x.typ)))
	}
	p("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, symptom_type) VALUES")
	p("%s", strings.Join(rows, ",\n"))
	p("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
	p("    name_fr = EXCLUDED.name_fr, symptom_type = EXCLUDED.symptom_type;")

	for _, l := range []struct {
		list, parent string
		notes        []note
	}{{"work_note", "work", workNotes}, {"symptom_note", "symptom", symptomNotes}} {
		rows = rows[:0]
		for _, x := range l.notes {
			rows = append(rows, fmt.Sprintf("    (%s, %s, %s, %s, %s)", q(l.list+"."+x.parent+"."+x.key), q(l.parent+"."+x.parent), q(x.en), q(x.de), q(x.fr)))
		}
		p("")
		p("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, parent_id)")
		p("SELECT %s, v.key, v.en, v.de, v.fr, p.id FROM (VALUES", q(l.list))
		p("%s", strings.Join(rows, ",\n"))
		p(") AS v(key, parent, en, de, fr) JOIN list_entry p ON p.list = %s AND p.key = v.parent", q(l.parent))
		p("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
		p("    name_fr = EXCLUDED.name_fr, parent_id = EXCLUDED.parent_id;")
	}
	return nil
}
