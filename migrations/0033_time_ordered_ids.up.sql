-- New trees, groups, inspections and works get time-ordered ids (the layout of UUID version 7,
-- RFC 9562: the first 48 bits the Unix time in milliseconds, then the version, random bits and
-- the variant) instead of wholly random ones. An index over ids, and history's index over
-- (object_id, id), then grows at its right edge: a large import writes its keys onto a few
-- pages at the end instead of onto a random page of every index each (BENCHMARKS.md has the
-- figures). They stay UUIDs of the same form in every URL; ids already given are unchanged.
CREATE FUNCTION arbor_uuid7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
           set_bit(set_bit(
             overlay(uuid_send(gen_random_uuid())
                     placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                     FROM 1 FOR 6),
             52, 1), 53, 1),  -- version 4's 0100 becomes 7's 0111; the variant stays
           'hex')::uuid
$$;

ALTER TABLE tree ALTER COLUMN id SET DEFAULT arbor_uuid7();
ALTER TABLE tree_check ALTER COLUMN id SET DEFAULT arbor_uuid7();
ALTER TABLE tree_action ALTER COLUMN id SET DEFAULT arbor_uuid7();
