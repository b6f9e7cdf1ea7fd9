#!/usr/bin/env python3
"""Writes sql/020_lists.sql, the global value lists, from the species data in ../shared/data and the
work and symptom lists below (ZTV-Baumpflege works, FLL tree inspection symptoms), in EN, DE, FR.

    python3 scripts/genlists.py ../shared/data/species > sql/020_lists.sql

The SQL is idempotent (upsert by list and key), because sql/ is re-applied after every migration.
"""
import csv, json, sys, os

species_dir = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/species"

def q(s):
    return "'" + s.replace("'", "''") + "'"

# name_en, name_de, name_fr, category, safety relevant, action_security (1 investigation, 3 felling, 2 other)
WORKS = [
    ("felling", "Felling", "Fällung", "Abattage", "felling", True, 3),
    ("felling_sectional", "Sectional felling", "Fällung in Teilstücken (Seilklettertechnik)", "Démontage par tronçons", "felling", True, 3),
    ("detailed_investigation", "Detailed investigation", "Eingehende Untersuchung", "Examen approfondi", "investigation", True, 1),
    ("decay_detection", "Decay detection (resistograph, tomography)", "Bohrwiderstandsmessung / Schalltomographie", "Détection de la carie (résistographe, tomographie)", "investigation", True, 1),
    ("root_investigation", "Root investigation", "Wurzeluntersuchung", "Examen racinaire", "investigation", True, 1),
    ("crown_maintenance", "Crown maintenance pruning", "Kronenpflege", "Taille d'entretien", "pruning", True, 2),
    ("deadwood_removal", "Deadwood removal", "Totholzentfernung", "Suppression du bois mort", "pruning", True, 2),
    ("crown_reduction", "Crown reduction", "Kroneneinkürzung", "Réduction de couronne", "pruning", True, 2),
    ("crown_thinning", "Crown thinning", "Kronenauslichtung", "Éclaircie de couronne", "pruning", True, 2),
    ("crown_lifting", "Clearance pruning (crown lifting)", "Lichtraumprofilschnitt", "Taille de dégagement (relevage de couronne)", "pruning", True, 2),
    ("partial_crown_reduction", "Partial crown reduction", "Teilkroneneinkürzung", "Réduction partielle de couronne", "pruning", True, 2),
    ("crown_restoration", "Crown restoration", "Kronenrestaurierung", "Restauration de couronne", "pruning", True, 2),
    ("formative_pruning", "Formative pruning", "Erziehungsschnitt (Jungbaumpflege)", "Taille de formation", "pruning", False, 2),
    ("crown_securing_dynamic", "Dynamic crown bracing", "Kronensicherung dynamisch", "Haubanage dynamique", "securing", True, 2),
    ("crown_securing_static", "Static crown bracing", "Kronensicherung statisch", "Haubanage statique", "securing", True, 2),
    ("broken_branch_removal", "Removal of broken or hanging branches", "Entfernen von Bruch- und Hängeästen", "Retrait des branches cassées ou pendantes", "pruning", True, 2),
    ("epicormic_removal", "Removal of epicormic shoots", "Entfernen von Stammaustrieben", "Suppression des rejets", "pruning", False, 2),
    ("ivy_removal", "Ivy removal", "Efeu entfernen", "Suppression du lierre", "site", False, 2),
    ("root_collar_exposure", "Root collar exposure", "Wurzelanlauf freilegen", "Dégagement du collet", "site", False, 2),
    ("stump_grinding", "Stump grinding", "Stubbenfräsen", "Dessouchage par rognage", "felling", False, 2),
    ("watering", "Watering", "Wässern", "Arrosage", "planting", False, 2),
    ("planting", "Replanting", "Nachpflanzung", "Replantation", "planting", False, 2),
    ("tree_protection_construction", "Tree protection on construction sites", "Baumschutz auf Baustellen", "Protection des arbres sur les chantiers", "site", False, 2),
    ("soil_improvement", "Soil improvement", "Bodenverbesserung", "Amélioration du sol", "site", False, 2),
    ("stabilisation_stake", "Check or remove stakes and ties", "Verankerung prüfen oder entfernen", "Contrôler ou retirer tuteurs et liens", "planting", False, 2),
]
WORK_NOTES = [
    ("felling", "with_stump", "Remove the stump as well", "Stubben mit entfernen", "Enlever aussi la souche"),
    ("felling", "habitat_stump", "Leave a high stump as habitat", "Hochstubben als Habitat belassen", "Laisser une chandelle comme habitat"),
    ("felling", "traffic_control", "Traffic control needed", "Verkehrssicherung erforderlich", "Signalisation routière nécessaire"),
    ("crown_maintenance", "protected_species", "Check for nesting birds and bats first", "Vorher auf Brutvögel und Fledermäuse prüfen", "Vérifier d'abord oiseaux nicheurs et chauves-souris"),
    ("deadwood_removal", "from_5cm", "Deadwood from 5 cm diameter", "Totholz ab 5 cm Durchmesser", "Bois mort à partir de 5 cm de diamètre"),
    ("crown_lifting", "road_4_5m", "Clearance 4.5 m over the road", "Lichtraum 4,5 m über der Fahrbahn", "Gabarit de 4,5 m au-dessus de la chaussée"),
    ("crown_lifting", "path_2_5m", "Clearance 2.5 m over footpaths", "Lichtraum 2,5 m über Gehwegen", "Gabarit de 2,5 m au-dessus des trottoirs"),
    ("detailed_investigation", "fungus", "Identify the fungus", "Pilzart bestimmen", "Identifier le champignon"),
]
# key, EN, DE, FR, type (root, trunk, crown), note EN
SYMPTOMS = [
    ("fungus_root", "Fungal fruiting bodies at the root collar", "Pilzfruchtkörper am Stammfuß", "Carpophores au collet", "root"),
    ("root_plate_lifting", "Root plate lifting", "Anhebung des Wurzeltellers", "Soulèvement du plateau racinaire", "root"),
    ("soil_cracks", "Soil cracks around the tree", "Bodenrisse im Wurzelbereich", "Fissures du sol autour de l'arbre", "root"),
    ("root_damage", "Damaged or cut roots", "Wurzelschäden / gekappte Wurzeln", "Racines endommagées ou coupées", "root"),
    ("girdling_root", "Girdling root", "Würgewurzel", "Racine étrangleuse", "root"),
    ("sealed_root_zone", "Sealed or compacted root zone", "Versiegelter oder verdichteter Wurzelraum", "Zone racinaire imperméabilisée ou compactée", "root"),
    ("root_collar_rot", "Root collar decay", "Stammfußfäule", "Pourriture du collet", "root"),
    ("cavity", "Cavity", "Höhlung", "Cavité", "trunk"),
    ("crack", "Crack", "Riss", "Fissure", "trunk"),
    ("included_bark", "Included bark", "Eingewachsene Rinde (Druckzwiesel)", "Écorce incluse", "trunk"),
    ("codominant_stems", "Co-dominant stems", "Zwiesel", "Fourche codominante", "trunk"),
    ("bark_necrosis", "Bark necrosis", "Rindennekrose", "Nécrose de l'écorce", "trunk"),
    ("fungus_trunk", "Fungal fruiting bodies on the trunk", "Pilzfruchtkörper am Stamm", "Carpophores sur le tronc", "trunk"),
    ("bulge", "Bulge", "Beule / Wulst", "Bourrelet", "trunk"),
    ("lean", "Lean", "Schiefstand", "Inclinaison", "trunk"),
    ("wound", "Wound", "Wunde", "Blessure", "trunk"),
    ("bleeding", "Bleeding / slime flux", "Schleimfluss", "Écoulement", "trunk"),
    ("woodpecker_holes", "Woodpecker holes", "Spechtlöcher", "Trous de pics", "trunk"),
    ("deadwood", "Deadwood in the crown", "Totholz in der Krone", "Bois mort dans la couronne", "crown"),
    ("broken_branches", "Broken or hanging branches", "Abgebrochene oder hängende Äste", "Branches cassées ou pendantes", "crown"),
    ("dieback", "Crown dieback", "Kronenrückgang / Wipfeldürre", "Dépérissement de la couronne", "crown"),
    ("sparse_foliage", "Sparse foliage", "Schütteres Laub", "Feuillage clairsemé", "crown"),
    ("leaf_discolouration", "Leaf discolouration", "Blattverfärbung", "Décoloration des feuilles", "crown"),
    ("crown_fork", "Weak crown fork", "Bruchgefährdeter Kronenzwiesel", "Fourche de couronne fragile", "crown"),
    ("overextended_limb", "Overextended limb", "Überlanger Ast", "Branche trop longue", "crown"),
    ("mistletoe", "Mistletoe", "Mistelbefall", "Gui", "crown"),
    ("pest", "Pest infestation", "Schädlingsbefall", "Infestation de ravageurs", "crown"),
    ("crown_asymmetry", "One-sided crown", "Einseitige Krone", "Couronne asymétrique", "crown"),
    ("lightning", "Lightning damage", "Blitzschaden", "Dégât de foudre", "trunk"),
    ("storm_damage", "Storm damage", "Sturmschaden", "Dégât de tempête", "crown"),
]
SYMPTOM_NOTES = [
    ("cavity", "open", "Open cavity", "Offene Höhlung", "Cavité ouverte"),
    ("cavity", "closed", "Closed cavity, sound when tapped", "Geschlossene Höhlung, hohl klingend", "Cavité fermée, sonne creux"),
    ("crack", "longitudinal", "Longitudinal crack", "Längsriss", "Fissure longitudinale"),
    ("crack", "shear", "Shear crack", "Scherriss", "Fissure de cisaillement"),
    ("fungus_root", "giant_polypore", "Giant polypore (Meripilus giganteus)", "Riesenporling (Meripilus giganteus)", "Polypore géant (Meripilus giganteus)"),
    ("fungus_trunk", "ganoderma", "Artist's bracket (Ganoderma)", "Lackporling (Ganoderma)", "Ganoderme"),
    ("lean", "recent", "Lean increased recently", "Schiefstand hat zugenommen", "Inclinaison récemment accrue"),
    ("deadwood", "over_5cm", "Deadwood over 5 cm diameter", "Totholz über 5 cm Durchmesser", "Bois mort de plus de 5 cm de diamètre"),
]

def main():
    out = []
    w = out.append
    w("-- Global value lists, generated by scripts/genlists.py: do not edit by hand.")
    w("-- Species: ../shared/data/species (Flensburg list, CC0; Wikipedia titles via Wikispecies, CC BY-SA 3.0).")
    w("-- Works after ZTV-Baumpflege, symptoms after the FLL tree inspection guideline, in EN, DE, FR.")
    w("-- Idempotent: sql/ is re-applied after every migration; entries are upserted by list and key.")
    wiki = json.load(open(os.path.join(species_dir, "trees-wikispecies.json"), encoding="utf-8"))
    names = {}
    for taxon, answer in wiki.items():
        for page in answer.get("query", {}).get("pages", {}).values():
            links = {l["lang"]: l["*"] for l in page.get("langlinks", [])}
            names[taxon.lower()] = links
            if page.get("title"):
                names.setdefault(page["title"].lower(), links)
    seen = set()
    rows = []
    with open(os.path.join(species_dir, "flensburg_tree_species.csv"), encoding="utf-8") as f:
        for rec in csv.reader(f):
            if len(rec) < 2:
                continue
            botanical, german = rec[0].strip(), rec[1].strip()
            key = botanical.lower()
            if not botanical or key in seen:
                continue
            seen.add(key)
            links = names.get(key, {})
            en = links.get("en") or botanical
            fr = links.get("fr") or botanical
            rows.append("(%s, %s, %s, %s, %s)" % (q(key), q(botanical), q(en), q(german or botanical), q(fr)))
    w("INSERT INTO list_entry (list, key, botanical, name_en, name_de, name_fr) VALUES")
    w(",\n".join("('species', " + r[1:] for r in rows))
    w("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET botanical = EXCLUDED.botanical,")
    w("    name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de, name_fr = EXCLUDED.name_fr;")
    w("")
    w("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, category, security_relevance, action_security) VALUES")
    w(",\n".join("('work', %s, %s, %s, %s, %s, %s, %d)" % (q("work." + k), q(en), q(de), q(fr), q(cat), "true" if rel else "false", sec)
                 for k, en, de, fr, cat, rel, sec in WORKS))
    w("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
    w("    name_fr = EXCLUDED.name_fr, category = EXCLUDED.category, security_relevance = EXCLUDED.security_relevance,")
    w("    action_security = EXCLUDED.action_security;")
    w("")
    w("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, symptom_type) VALUES")
    w(",\n".join("('symptom', %s, %s, %s, %s, %s)" % (q("symptom." + k), q(en), q(de), q(fr), q(t)) for k, en, de, fr, t in SYMPTOMS))
    w("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
    w("    name_fr = EXCLUDED.name_fr, symptom_type = EXCLUDED.symptom_type;")
    w("")
    for lst, parent_list, notes in (("work_note", "work", WORK_NOTES), ("symptom_note", "symptom", SYMPTOM_NOTES)):
        w("INSERT INTO list_entry (list, key, name_en, name_de, name_fr, parent_id)")
        w("SELECT %s, v.key, v.en, v.de, v.fr, p.id FROM (VALUES" % q(lst))
        w(",\n".join("    (%s, %s, %s, %s, %s)" % (q(lst + "." + pk + "." + k), q(parent_list + "." + pk), q(en), q(de), q(fr))
                     for pk, k, en, de, fr in notes))
        w(") AS v(key, parent, en, de, fr) JOIN list_entry p ON p.list = %s AND p.key = v.parent" % q(parent_list))
        w("ON CONFLICT (list, key) WHERE key IS NOT NULL DO UPDATE SET name_en = EXCLUDED.name_en, name_de = EXCLUDED.name_de,")
        w("    name_fr = EXCLUDED.name_fr, parent_id = EXCLUDED.parent_id;")
        w("")
    sys.stdout.write("\n".join(out))

main()
