/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';

// web/dist/.keep is tracked so that `go:embed all:dist` compiles before the first web build.
const keepDist = (): Plugin => ({
  name: 'arbor-keep-dist',
  apply: 'build',
  closeBundle() {
    writeFileSync(fileURLToPath(new URL('./dist/.keep', import.meta.url)), '');
  },
});

export default defineConfig({
  plugins: [react(), keepDist()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](i18next|react-i18next|@tanstack)[\\/]/ },
            // The map (MapLibre, mapbox-gl-draw, turf) loads only with the map page.
            { name: 'map', test: /node_modules[\\/](maplibre-gl|@mapbox|@turf)[\\/]/ },
            // The charts (ECharts) load only with the dashboards.
            { name: 'charts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
