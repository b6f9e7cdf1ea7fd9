// A small local declaration: @types/mapbox__mapbox-gl-draw drags in mapbox-gl (docs/DECISIONS.md).
declare module '@mapbox/mapbox-gl-draw' {
  import type { Feature, FeatureCollection, Geometry } from 'geojson';
  import type { IControl } from 'maplibre-gl';

  interface DrawOptions {
    displayControlsDefault?: boolean;
    controls?: Record<string, boolean>;
    keybindings?: boolean;
    touchEnabled?: boolean;
    boxSelect?: boolean;
    clickBuffer?: number;
    styles?: object[];
    modes?: Record<string, unknown>;
    defaultMode?: string;
  }

  export default class MapboxDraw implements IControl {
    constructor(options?: DrawOptions);
    static constants: { classes: Record<string, string> } & Record<string, unknown>;
    static modes: Record<string, unknown>;
    onAdd(map: unknown): HTMLElement;
    onRemove(map: unknown): void;
    add(geojson: Feature | FeatureCollection | Geometry): string[];
    get(id: string): Feature | undefined;
    getAll(): FeatureCollection;
    delete(ids: string | string[]): this;
    deleteAll(): this;
    set(fc: FeatureCollection): string[];
    changeMode(mode: string, options?: Record<string, unknown>): this;
    getMode(): string;
    trash(): this;
  }
}
