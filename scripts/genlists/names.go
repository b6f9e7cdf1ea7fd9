package main

import (
	"regexp"
	"strings"
)

// Common names in English and French where Wikipedia titles its page by the botanical name (most
// trees: "Quercus robur", "Acer platanoides"), so the list had no common name to show. Species
// first, for the trees a city has most; then the genus, so every other species of it reads at
// least as a maple, a lime or an oak.
var speciesCommon = map[string][2]string{
	"acer campestre":               {"Field maple", "Érable champêtre"},
	"acer negundo":                 {"Box elder", "Érable negundo"},
	"acer palmatum":                {"Japanese maple", "Érable du Japon"},
	"acer platanoides":             {"Norway maple", "Érable plane"},
	"acer pseudoplatanus":          {"Sycamore maple", "Érable sycomore"},
	"acer rubrum":                  {"Red maple", "Érable rouge"},
	"acer saccharinum":             {"Silver maple", "Érable argenté"},
	"aesculus hippocastanum":       {"Horse chestnut", "Marronnier d'Inde"},
	"aesculus x carnea":            {"Red horse chestnut", "Marronnier rouge"},
	"ailanthus altissima":          {"Tree of heaven", "Ailante glanduleux"},
	"alnus cordata":                {"Italian alder", "Aulne de Corse"},
	"alnus glutinosa":              {"Black alder", "Aulne glutineux"},
	"alnus incana":                 {"Grey alder", "Aulne blanc"},
	"amelanchier lamarckii":        {"Juneberry", "Amélanchier de Lamarck"},
	"betula papyrifera":            {"Paper birch", "Bouleau à papier"},
	"betula pendula":               {"Silver birch", "Bouleau verruqueux"},
	"betula pubescens":             {"Downy birch", "Bouleau pubescent"},
	"carpinus betulus":             {"Hornbeam", "Charme commun"},
	"castanea sativa":              {"Sweet chestnut", "Châtaignier"},
	"catalpa bignonioides":         {"Indian bean tree", "Catalpa commun"},
	"chamaecyparis lawsoniana":     {"Lawson cypress", "Cyprès de Lawson"},
	"corylus avellana":             {"Common hazel", "Noisetier commun"},
	"corylus colurna":              {"Turkish hazel", "Noisetier de Byzance"},
	"crataegus laevigata":          {"Midland hawthorn", "Aubépine à deux styles"},
	"crataegus monogyna":           {"Common hawthorn", "Aubépine monogyne"},
	"crataegus oxyacantha":         {"Midland hawthorn", "Aubépine à deux styles"},
	"fagus sylvatica":              {"European beech", "Hêtre commun"},
	"fraxinus excelsior":           {"European ash", "Frêne commun"},
	"fraxinus ornus":               {"Manna ash", "Frêne à fleurs"},
	"ginkgo biloba":                {"Ginkgo", "Ginkgo"},
	"gleditsia triacanthos":        {"Honey locust", "Févier d'Amérique"},
	"ilex aquifolium":              {"Holly", "Houx commun"},
	"juglans regia":                {"Walnut", "Noyer commun"},
	"laburnum anagyroides":         {"Common laburnum", "Cytise aubour"},
	"larix decidua":                {"European larch", "Mélèze d'Europe"},
	"liquidambar styraciflua":      {"Sweetgum", "Copalme d'Amérique"},
	"liriodendron tulipifera":      {"Tulip tree", "Tulipier de Virginie"},
	"malus domestica":              {"Apple", "Pommier domestique"},
	"malus sylvestris":             {"European crab apple", "Pommier sauvage"},
	"malus tschonoskii":            {"Pillar apple", "Pommier de Tschonoski"},
	"metasequoia glyptostroboides": {"Dawn redwood", "Métaséquoia"},
	"picea abies":                  {"Norway spruce", "Épicéa commun"},
	"picea omorika":                {"Serbian spruce", "Épicéa de Serbie"},
	"picea pungens":                {"Blue spruce", "Épicéa du Colorado"},
	"pinus nigra":                  {"Black pine", "Pin noir"},
	"pinus sylvestris":             {"Scots pine", "Pin sylvestre"},
	"platanus x acerifolia":        {"London plane", "Platane commun"},
	"platanus x hispanica":         {"London plane", "Platane commun"},
	"populus alba":                 {"White poplar", "Peuplier blanc"},
	"populus nigra":                {"Black poplar", "Peuplier noir"},
	"populus tremula":              {"Aspen", "Tremble"},
	"populus x berolinensis":       {"Berlin poplar", "Peuplier de Berlin"},
	"populus x canadensis":         {"Canadian poplar", "Peuplier du Canada"},
	"prunus avium":                 {"Wild cherry", "Merisier"},
	"prunus cerasifera":            {"Cherry plum", "Prunier myrobolan"},
	"prunus padus":                 {"Bird cherry", "Cerisier à grappes"},
	"prunus serotina":              {"Black cherry", "Cerisier tardif"},
	"prunus serrulata":             {"Japanese cherry", "Cerisier du Japon"},
	"pyrus calleryana":             {"Callery pear", "Poirier de Callery"},
	"pyrus communis":               {"Common pear", "Poirier commun"},
	"quercus cerris":               {"Turkey oak", "Chêne chevelu"},
	"quercus palustris":            {"Pin oak", "Chêne des marais"},
	"quercus petraea":              {"Sessile oak", "Chêne sessile"},
	"quercus robur":                {"English oak", "Chêne pédonculé"},
	"quercus rubra":                {"Red oak", "Chêne rouge d'Amérique"},
	"robinia pseudoacacia":         {"Black locust", "Robinier faux-acacia"},
	"salix alba":                   {"White willow", "Saule blanc"},
	"salix caprea":                 {"Goat willow", "Saule marsault"},
	"salix fragilis":               {"Crack willow", "Saule fragile"},
	"sorbus aria":                  {"Whitebeam", "Alisier blanc"},
	"sorbus aucuparia":             {"Rowan", "Sorbier des oiseleurs"},
	"sorbus intermedia":            {"Swedish whitebeam", "Alisier de Suède"},
	"sorbus torminalis":            {"Wild service tree", "Alisier torminal"},
	"sorbus x thuringiaca":         {"Thuringian whitebeam", "Sorbier de Thuringe"},
	"taxus baccata":                {"Yew", "If commun"},
	"thuja occidentalis":           {"White cedar", "Thuya du Canada"},
	"tilia americana":              {"American basswood", "Tilleul d'Amérique"},
	"tilia cordata":                {"Small-leaved lime", "Tilleul à petites feuilles"},
	"tilia intermedia":             {"Common lime", "Tilleul commun"},
	"tilia platyphyllos":           {"Large-leaved lime", "Tilleul à grandes feuilles"},
	"tilia tomentosa":              {"Silver lime", "Tilleul argenté"},
	"tilia x euchlora":             {"Caucasian lime", "Tilleul de Crimée"},
	"tilia x europaea":             {"Common lime", "Tilleul commun"},
	"tilia x intermedia":           {"Common lime", "Tilleul commun"},
	"tilia x vulgaris":             {"Common lime", "Tilleul commun"},
	"tsuga canadensis":             {"Eastern hemlock", "Pruche du Canada"},
	"ulmus glabra":                 {"Wych elm", "Orme de montagne"},
	"ulmus laevis":                 {"European white elm", "Orme lisse"},
	"ulmus minor":                  {"Field elm", "Orme champêtre"},
	"ulmus x hollandica":           {"Dutch elm", "Orme de Hollande"},
}

var genusCommon = map[string][2]string{
	"abies": {"Fir", "Sapin"}, "acer": {"Maple", "Érable"}, "aesculus": {"Horse chestnut", "Marronnier"},
	"ailanthus": {"Tree of heaven", "Ailante"}, "alnus": {"Alder", "Aulne"},
	"amelanchier": {"Serviceberry", "Amélanchier"}, "araucaria": {"Monkey puzzle", "Araucaria"},
	"berberis": {"Barberry", "Épine-vinette"}, "betula": {"Birch", "Bouleau"}, "buxus": {"Box", "Buis"},
	"carpinus": {"Hornbeam", "Charme"}, "carya": {"Hickory", "Caryer"}, "castanea": {"Chestnut", "Châtaignier"},
	"catalpa": {"Catalpa", "Catalpa"}, "cedrus": {"Cedar", "Cèdre"}, "celtis": {"Hackberry", "Micocoulier"},
	"cercidiphyllum": {"Katsura", "Arbre au caramel"}, "cercis": {"Redbud", "Gainier"},
	"chamaecyparis": {"False cypress", "Faux-cyprès"}, "cornus": {"Dogwood", "Cornouiller"},
	"corylus": {"Hazel", "Noisetier"}, "cotoneaster": {"Cotoneaster", "Cotonéaster"},
	"crataegus": {"Hawthorn", "Aubépine"}, "cupressus": {"Cypress", "Cyprès"}, "cydonia": {"Quince", "Cognassier"},
	"davidia": {"Dove tree", "Arbre aux mouchoirs"}, "elaeagnus": {"Oleaster", "Chalef"},
	"euonymus": {"Spindle", "Fusain"}, "fagus": {"Beech", "Hêtre"}, "fraxinus": {"Ash", "Frêne"},
	"ginkgo": {"Ginkgo", "Ginkgo"}, "gleditsia": {"Honey locust", "Févier"},
	"gymnocladus": {"Coffeetree", "Chicot"}, "hippophae": {"Sea buckthorn", "Argousier"},
	"ilex": {"Holly", "Houx"}, "juglans": {"Walnut", "Noyer"}, "juniperus": {"Juniper", "Genévrier"},
	"koelreuteria": {"Golden rain tree", "Savonnier"}, "laburnum": {"Laburnum", "Cytise"},
	"larix": {"Larch", "Mélèze"}, "ligustrum": {"Privet", "Troène"}, "liquidambar": {"Sweetgum", "Copalme"},
	"liriodendron": {"Tulip tree", "Tulipier"}, "magnolia": {"Magnolia", "Magnolia"},
	"malus": {"Apple", "Pommier"}, "mespilus": {"Medlar", "Néflier"}, "metasequoia": {"Dawn redwood", "Métaséquoia"},
	"morus": {"Mulberry", "Mûrier"}, "nothofagus": {"Southern beech", "Hêtre austral"},
	"ostrya": {"Hop hornbeam", "Charme-houblon"}, "parrotia": {"Persian ironwood", "Parrotie"},
	"paulownia": {"Foxglove tree", "Paulownia"}, "picea": {"Spruce", "Épicéa"}, "pinus": {"Pine", "Pin"},
	"platanus": {"Plane", "Platane"}, "populus": {"Poplar", "Peuplier"}, "prunus": {"Cherry", "Prunier"},
	"pseudotsuga": {"Douglas fir", "Douglas"}, "pterocarya": {"Wingnut", "Ptérocaryer"},
	"pyrus": {"Pear", "Poirier"}, "quercus": {"Oak", "Chêne"}, "rhamnus": {"Buckthorn", "Nerprun"},
	"rhus": {"Sumac", "Sumac"}, "robinia": {"Locust", "Robinier"}, "salix": {"Willow", "Saule"},
	"sambucus": {"Elder", "Sureau"}, "sequoia": {"Redwood", "Séquoia"},
	"sequoiadendron": {"Giant sequoia", "Séquoia géant"}, "sophora": {"Pagoda tree", "Sophora"},
	"sorbus": {"Rowan", "Sorbier"}, "styphnolobium": {"Pagoda tree", "Sophora"}, "syringa": {"Lilac", "Lilas"},
	"taxodium": {"Bald cypress", "Cyprès chauve"}, "taxus": {"Yew", "If"}, "thuja": {"Arborvitae", "Thuya"},
	"tilia": {"Lime", "Tilleul"}, "tsuga": {"Hemlock", "Pruche"}, "ulmus": {"Elm", "Orme"},
	"zelkova": {"Zelkova", "Zelkova"},
}

var (
	// A register's notes on a name that do not change the taxon: "cf." (uncertain), aggregates.
	uncertain = regexp.MustCompile(`(?i)\s+(cf\.|aggregat|aggr\.|agg\.)(\s|$)`)
	hybrid    = regexp.MustCompile(`\s*×\s*|\s+x\s+`)
)

// commonNames answers English and French common names of a botanical name from the tables
// above, a cultivar keeping its cultivar name, or empty strings where neither its species nor
// its genus is known.
func commonNames(botanical string) (en, fr string) {
	name := strings.TrimSpace(cultivar.ReplaceAllString(botanical, ""))
	c := strings.TrimSpace(cultivar.FindString(botanical))
	name = uncertain.ReplaceAllString(name, " ")
	name = strings.ToLower(strings.Join(strings.Fields(hybrid.ReplaceAllString(name, " x ")), " "))
	withCultivar := func(n [2]string) (string, string) {
		if c == "" {
			return n[0], n[1]
		}
		return n[0] + " " + c, n[1] + " " + c
	}
	if n, ok := speciesCommon[name]; ok {
		return withCultivar(n)
	}
	if n, ok := genusCommon[strings.TrimLeft(strings.SplitN(name, " ", 2)[0], "x")]; ok {
		return withCultivar(n)
	}
	return "", ""
}

// isTaxon tells a botanical name from what a register's species column also holds: a column
// heading ("species_latin"), or a joke entry of the source list.
func isTaxon(botanical string) bool {
	if strings.EqualFold(botanical, "Abienus festuschristus") {
		return false
	}
	return regexp.MustCompile(`^[×x]?\s?[A-Z][a-zë-]+(\s|$)`).MatchString(botanical)
}
