/** A tree or group a photo belongs to (docs/API.md "Importing photos"). */
export interface PhotoTarget {
  id: string;
  single_tree: boolean;
  number: number;
  number_text: string;
  species_botanical: string;
  /** Metres from where the photo was taken, when matched by place. */
  distance?: number;
}

/** What one photo of a batch belongs to, and why; `problem` (an API message key) when nothing. */
export interface PhotoMatch {
  name: string;
  target: PhotoTarget | null;
  by?: 'number' | 'place';
  taken_at: string | null;
  taken_lat: number | null;
  taken_lon: number | null;
  problem?: string;
}

/** A photo chosen by the user with its match, and whether it is to be imported. */
export interface PhotoRow {
  file: File;
  match: PhotoMatch;
  include: boolean;
  state: 'waiting' | 'saving' | 'saved' | 'failed';
  error?: string;
}
