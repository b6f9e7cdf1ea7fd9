/** The map display settings a person chose, remembered per browser (localStorage). */
export interface DisplaySettings {
  theme: string;
  layers: { trees: boolean; groups: boolean; works: boolean };
  labels: boolean;
  /** Basemap id, "" for the plain background, undefined for the first usable one. */
  basemap?: string;
  legendOpen: boolean;
}

export const THEMES = ['safety', 'vitality', 'damage', 'development', 'deadline', 'inspection'] as const;

export const DEFAULT_SETTINGS: DisplaySettings = {
  theme: 'safety',
  layers: { trees: true, groups: true, works: true },
  labels: true,
  legendOpen: true,
};

const KEY = 'arbor.map.display';

interface StorageLike {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

function storage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Reads the settings, falling back to the defaults for anything missing or malformed. */
export function loadSettings(store: StorageLike | undefined = storage()): DisplaySettings {
  let raw: unknown;
  try {
    raw = JSON.parse(store?.getItem(KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<DisplaySettings>;
  const l = (s.layers && typeof s.layers === 'object' ? s.layers : {}) as Partial<DisplaySettings['layers']>;
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  return {
    theme:
      typeof s.theme === 'string' && (THEMES as readonly string[]).includes(s.theme) ? s.theme : DEFAULT_SETTINGS.theme,
    layers: {
      trees: bool(l.trees, true),
      groups: bool(l.groups, true),
      works: bool(l.works, true),
    },
    labels: bool(s.labels, true),
    basemap: typeof s.basemap === 'string' ? s.basemap : undefined,
    legendOpen: bool(s.legendOpen, true),
  };
}

export function saveSettings(s: DisplaySettings, store: StorageLike | undefined = storage()) {
  try {
    store?.setItem(KEY, JSON.stringify(s));
  } catch {
    // Private mode or full storage: the settings last for this visit only.
  }
}
