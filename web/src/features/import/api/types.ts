import { GERMAN_SURVEY_CRS } from '@/lib/referenceSystems';

/** What a column of a register file becomes (docs/API.md, "Importing a register"). */
export interface ImportColumn {
  target: string;
  unit?: 'm' | 'cm' | 'mm';
  holds?: 'circumference' | 'diameter';
}

export interface ImportCRS {
  srid: number;
  name: string;
}

/** The answer of POST /api/content/import/inspect. */
export interface ImportInspection {
  format: ImportFormat;
  columns: string[];
  detected: { sheet?: string; delimiter?: string; encoding?: string; srid?: number };
  suggested: ImportColumn[];
  crs: ImportCRS[];
  rows: string[][];
  swapped: boolean;
  geometry: boolean;
  /** The file's tables to choose from: worksheets, GeoPackage layers, the Shapefiles of a zip. */
  layers: string[];
  /** The earlier import with the same columns whose mapping is suggested. */
  reused?: { file_name: string; created_at: string; srid: number; match: ImportMatch };
}

export type ImportFormat = 'csv' | 'xlsx' | 'geojson' | 'gpkg' | 'shapefile';

/** Formats as people call them. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  geojson: 'GeoJSON',
  gpkg: 'GeoPackage',
  shapefile: 'Shapefile',
};

export interface ImportOptions {
  sheet?: string;
  delimiter?: string;
  encoding?: string;
  srid?: number;
  mapping?: ImportColumn[];
  next_free_numbers?: boolean;
  add_species?: boolean;
  /** A name no list knows → a species list entry's id, or SPECIES_NONE. */
  species_map?: Record<string, string>;
  /** Rows that find an existing object update it: by its number or by the external id column. */
  match?: ImportMatch;
  dry_run?: boolean;
}

export type ImportMatch = '' | 'number' | 'external_id';

/** An import the queue does (GET /api/content/import/task/{id}): its progress, then its result. */
export interface ImportTask {
  id: string;
  kind: 'import';
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Thousandths done. */
  total: number;
  done: number;
  step?: 'read' | 'check' | 'write';
  /** While reading, the rows read; when done, the import's answer; when failed, the message. */
  result?: (Partial<ImportResult> & { message?: string }) | null;
  created_at: string;
}

/** In species_map: import the name's rows without a species. */
export const SPECIES_NONE = 'none';

export interface SpeciesSuggestion {
  id: string;
  botanical: string;
  name_en: string;
  name_de: string;
  name_fr: string;
}

export interface UnknownSpecies {
  name: string;
  rows: number;
  suggestions?: SpeciesSuggestion[];
}

export interface ImportProblem {
  line: number;
  column?: string;
  key: string;
  message: string;
  value?: string;
}

/** The answer of POST /api/content/import: a preview (dry run) or what was written. */
export interface ImportResult {
  id?: string;
  rows: number;
  trees: number;
  groups: number;
  /** Objects rows found and change; objects they found that already hold their values. */
  updated: number;
  unchanged: number;
  numbered: number;
  renumbered: number;
  problems: ImportProblem[];
  unknown_species: UnknownSpecies[];
  added_species: number;
  sample: { type?: 'FeatureCollection'; features?: SampleFeature[] };
  written: boolean;
  file_name?: string;
}

/** One of the first objects of a file, as the preview draws it. */
export interface SampleFeature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: number[] }
    | { type: 'Polygon'; coordinates: number[][][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] };
  properties: { line: number; number: number };
}

export interface TreeImport {
  id: string;
  file_name: string;
  format: string;
  srid: number;
  trees: number;
  groups: number;
  updated: number;
  match: ImportMatch;
  user_alias: string;
  created_at: string;
  undone_at: string | null;
}

/** The reference systems Arbor knows by name (importer.KnownCRS), for the picker. */
export const KNOWN_CRS: ImportCRS[] = [
  { srid: 4326, name: 'WGS 84 (longitude, latitude)' },
  ...GERMAN_SURVEY_CRS,
  { srid: 3857, name: 'WGS 84 / Pseudo-Mercator (web maps)' },
];
