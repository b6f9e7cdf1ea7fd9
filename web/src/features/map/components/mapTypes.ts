import type { ReactNode } from 'react';
import type { LegendBox } from './mapRoom';
import type { StyleSpecification } from 'maplibre-gl';
import type { Point, Polygon } from 'geojson';
import type { BasemapSpec } from '../basemap';

/** What a click on the map does. */
export type MapMode = 'browse' | 'tree' | 'group' | 'work' | 'select' | 'edit';
export type FeatureKind = 'tree' | 'group' | 'work';

export interface MapViewProps {
  /** The style of the data layers for the current theme and scheme (from the server). */
  style: StyleSpecification;
  /** The basemap below the data (raster tiles or a vector style), or none for the plain background. */
  basemap?: BasemapSpec | null;
  layers: { trees: boolean; groups: boolean; works: boolean };
  labels: boolean;
  mode: MapMode;
  /** Selected trees and groups by feature id (fid), highlighted on the map. */
  selection: number[];
  /** The object whose geometry is being edited (mode "edit"); a new key loads it. */
  editing?: { key: string; geom: Point | Polygon; rev?: number } | null;
  /** Change it to reload the tiles (after a change). */
  refreshKey: number;
  /** The filter the data tiles show (JSON of the filter model); none: the stock. */
  filter?: string | null;
  /** Where to look: a new key moves the map. */
  view?: {
    key: string;
    bounds?: [number, number, number, number];
    center?: [number, number];
    zoom?: number;
    /** Only bring `center` into view, keeping the zoom, when it is not visible already; a map
     *  made after that starts at `bounds`. */
    ifHidden?: boolean;
  };
  /** How much of the map's right side (px) an overlay covers (the info window): fitting and
   *  bringing into view keep the objects beside it. */
  coveredRight?: number;
  /** The box the legend covers in the map's lower left corner (px): an object brought into view
   *  must not lie under it. */
  coveredLowerLeft?: LegendBox;
  /** A tree, group or work was clicked (for a work, `tree` is the fid of its tree or group). */
  onFeatureClick?: (fid: number, kind: FeatureKind, properties: Record<string, unknown>) => void;
  /** A point or polygon was drawn in mode tree, group, work. */
  onDrawn?: (mode: MapMode, geom: Point | Polygon) => void;
  /** The area of the polygon being drawn (m²) and where the pointer is; null when not drawing. */
  onDrawArea?: (area: number | null, at?: { x: number; y: number }) => void;
  /** A selection polygon was drawn: the fids of the trees inside it. */
  onSelectPolygon?: (polygon: Polygon, fids: number[]) => void;
  /** The edited geometry changed (moved point, moved vertices). */
  onEdited?: (key: string, geom: Point | Polygon) => void;
  /** The tiles want more zoom for this (e.g. selecting from the grid). */
  onMessage?: (key: string) => void;
  onLoad?: () => void;
}

export interface MapPanelProps {
  projectId: string;
  /** My role in the project: readers only look, care records works, editors and managers draw. */
  role: string;
  /** A cancelled organisation: read only. */
  readOnly?: boolean;
  height?: number | string;
  /** A tree or group was clicked: its uuid. */
  onOpenTree?: (id: string) => void;
  /** The trees of a polygon selection (uuids unknown: tile feature ids). */
  onSelect?: (fids: number[]) => void;
  /** A tree or group drawn here was removed again (undo): its uuid. */
  onTreeRemoved?: (id: string) => void;
  /** Change it to load the tiles again after changes made elsewhere (the info window, the table). */
  refreshKey?: number;
  /** The tree or group open beside the map: brought into view when hidden. */
  focusTree?: string | null;
  /** A selection polygon was drawn (with the fids of the trees drawn inside it). */
  onSelectPolygon?: (polygon: Polygon, fids: number[]) => void;
  /** The filter the map shows (the data view's); none: the stock. */
  filter?: object | null;
  /** The selection shown, when the page keeps it (tile feature ids). */
  selection?: number[];
  /** Shown over the map's right side, below its buttons (the data view's info window). */
  aside?: ReactNode;
}

/** Room kept free when the map fits the project's objects: the tools lie on the left, the buttons
 *  and the drawing hint at the top, the folded legend (and the labels below the points) at the bottom. */
export const FIT_PADDING = { top: 96, bottom: 104, left: 76, right: 64 };

/** The room kept free when fitting, with the covered right side kept free as well. */
export function fitPadding(coveredRight = 0) {
  return { ...FIT_PADDING, right: Math.max(FIT_PADDING.right, coveredRight + 24) };
}
