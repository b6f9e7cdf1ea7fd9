package store_test

import (
	"testing"

	"arbor/store"
	"arbor/tiles"
	"arbor/tiles/layers"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/maptile"
)

// Street-level tiles (from each layer's StreetZoom, z17 for trees) are rendered on the pool whose
// connections keep one generic plan (plan_cache_mode force_generic_plan); the zooms above it on
// the other tile pool. Both through the tile service the API serves, and both hold the tree.
func TestStreetTilesUseGenericPlans(t *testing.T) {
	ctx, db := openDB(t)
	org, project := newOrgProject(t, db, "Street tiles", "Street")
	const lon, lat = 9.4321, 54.7834
	if _, err := db.Pool.Exec(ctx, `INSERT INTO tree (organisation_id, project_id, number, geom, single_tree)
		VALUES ($1, $2, 7, ST_SetSRID(ST_MakePoint($3, $4), 4326), true)`, org, project, lon, lat); err != nil {
		t.Fatal(err)
	}
	sc := store.Content{OrganisationID: org, ProjectID: project, Lang: "en"}
	if mode, err := db.StreetPlanMode(ctx); err != nil || mode != "force_generic_plan" {
		t.Fatalf("street pool plan_cache_mode %q, %v", mode, err)
	}
	street := layers.Trees.StreetZoom
	if street != 17 {
		t.Fatalf("trees' street zoom %d, want 17", street)
	}
	svc := tiles.New(db, db.ContentRevision, 1<<20, nil)
	for z := street - 3; z <= tiles.MaxZoom; z++ {
		at := maptile.At(orb.Point{lon, lat}, maptile.Zoom(z))
		x, y := int(at.X), int(at.Y)
		tilesBefore, streetBefore := db.TilePoolAcquires()
		tile, _, err := svc.Tile(ctx, sc, "trees", z, x, y, nil)
		if err != nil {
			t.Fatalf("z%d: %v", z, err)
		}
		if tile.Raw == 0 {
			t.Errorf("z%d/%d/%d: an empty tile, want the tree", z, x, y)
		}
		tilesAfter, streetAfter := db.TilePoolAcquires()
		onStreet, onTiles := streetAfter-streetBefore, tilesAfter-tilesBefore
		if z >= street && (onStreet != 1 || onTiles != 0) {
			t.Errorf("z%d: rendered on the street pool %d times, on the tile pool %d times; want the street pool", z, onStreet, onTiles)
		}
		if z < street && (onStreet != 0 || onTiles != 1) {
			t.Errorf("z%d: rendered on the street pool %d times, on the tile pool %d times; want the tile pool", z, onStreet, onTiles)
		}
	}
}
