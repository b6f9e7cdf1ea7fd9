/** A coordinate reference system by its EPSG code, with the name people know it by. */
export interface ReferenceSystem {
  srid: number;
  name: string;
}

/**
 * The projected systems of German surveying, in the order pickers offer them: what a register file
 * is likely to be in, and what a GIS export may be wanted in.
 */
export const GERMAN_SURVEY_CRS: ReferenceSystem[] = [
  { srid: 25832, name: 'ETRS89 / UTM zone 32N' },
  { srid: 25833, name: 'ETRS89 / UTM zone 33N' },
  { srid: 31466, name: 'DHDN / Gauss-Krüger zone 2' },
  { srid: 31467, name: 'DHDN / Gauss-Krüger zone 3' },
  { srid: 31468, name: 'DHDN / Gauss-Krüger zone 4' },
  { srid: 31469, name: 'DHDN / Gauss-Krüger zone 5' },
];
