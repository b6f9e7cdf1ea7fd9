import { useState } from 'react';

/** The browser's idea of where I am, for "show my location": the point, or the key of what went wrong. */
export function useLocate(onFound: (center: [number, number]) => void, onError: (key: string) => void) {
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!('geolocation' in navigator)) return onError('map.errors.locateUnavailable');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onFound([pos.coords.longitude, pos.coords.latitude]);
      },
      (err) => {
        setLocating(false);
        onError(err.code === err.PERMISSION_DENIED ? 'map.errors.locateDenied' : 'map.errors.locateUnavailable');
      },
      { enableHighAccuracy: true, timeout: 10000, maximumAge: 30000 },
    );
  };
  return { locate, locating };
}
