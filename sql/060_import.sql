-- arbor_import_geometry: the place of an imported row in EPSG:4326, from WKB (a file's own
-- geometry), WKT or two coordinates, each in the file's reference system; NULL where the row
-- gives none or what it gives cannot be read, so one bad row is reported, not a failed import.
CREATE OR REPLACE FUNCTION arbor_import_geometry(p_wkb bytea, p_wkt text, p_x float8, p_y float8, p_srid integer)
RETURNS geometry LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    g geometry;
BEGIN
    IF p_wkb IS NOT NULL THEN
        g := ST_SetSRID(ST_GeomFromWKB(p_wkb), p_srid);
    ELSIF coalesce(p_wkt, '') <> '' THEN
        g := ST_SetSRID(ST_GeomFromText(p_wkt), p_srid);
    ELSIF p_x IS NOT NULL AND p_y IS NOT NULL THEN
        g := ST_SetSRID(ST_MakePoint(p_x, p_y), p_srid);
    ELSE
        RETURN NULL;
    END IF;
    g := ST_Force2D(g);
    IF p_srid <> 4326 THEN
        g := ST_Transform(g, 4326);
    END IF;
    RETURN g;
EXCEPTION WHEN others THEN
    RETURN NULL;
END $$;

-- arbor_import_geometry_strict is arbor_import_geometry failing where PostGIS cannot read a
-- place, instead of catching the error (a subtransaction a row): the import tries it on the
-- whole file first and reads the file by arbor_import_geometry only where it fails. One SQL
-- expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION arbor_import_geometry_strict(p_wkb bytea, p_wkt text, p_x float8, p_y float8, p_srid integer)
RETURNS geometry LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p_srid = 4326 THEN ST_Force2D(CASE
            WHEN p_wkb IS NOT NULL THEN ST_SetSRID(ST_GeomFromWKB(p_wkb), p_srid)
            WHEN coalesce(p_wkt, '') <> '' THEN ST_SetSRID(ST_GeomFromText(p_wkt), p_srid)
            WHEN p_x IS NOT NULL AND p_y IS NOT NULL THEN ST_SetSRID(ST_MakePoint(p_x, p_y), p_srid) END)
        ELSE ST_Transform(ST_Force2D(CASE
            WHEN p_wkb IS NOT NULL THEN ST_SetSRID(ST_GeomFromWKB(p_wkb), p_srid)
            WHEN coalesce(p_wkt, '') <> '' THEN ST_SetSRID(ST_GeomFromText(p_wkt), p_srid)
            WHEN p_x IS NOT NULL AND p_y IS NOT NULL THEN ST_SetSRID(ST_MakePoint(p_x, p_y), p_srid) END), 4326)
        END;
$$;
