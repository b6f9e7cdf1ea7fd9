import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { OpenApiDocument } from '../openapi';

export const OPENAPI_URL = '/api/openapi.json';

/** GET /api/openapi.json: the OpenAPI 3.1 description of the API. */
export const getOpenApi = () => api.get<OpenApiDocument>(OPENAPI_URL);

export function useOpenApi() {
  return useQuery({ queryKey: ['help', 'openapi'], queryFn: getOpenApi, staleTime: 10 * 60_000 });
}
