import { describe, expect, it } from 'vitest';
import { groupOf, groupOperations, type OpenApiDocument } from './openapi';

describe('groupOf', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth/login/organisation/{id}', 'auth'],
    ['/api/health', 'health'],
    ['/api/management/user/user', 'management/user'],
    ['/api/management/organisation', 'management/organisation'],
    ['/api/management/organisation/{id}/admins/{userId}', 'management/organisation'],
    ['/api/management/project/{id}/settings', 'management/project'],
    ['/api/management/project-list', 'management/project'],
  ])('groups by the first segment, and by two under management: %s in %s', (path, group) => {
    expect(groupOf(path)).toBe(group);
  });
});

describe('groupOperations', () => {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    paths: {
      '/api/management/project/{id}/settings': {
        put: { summary: 'Save settings', parameters: [{ name: 'id', in: 'path', required: true }] },
        get: { summary: 'Settings', parameters: [{ name: 'id', in: 'path', required: true }] },
      },
      '/api/auth/login': { post: { summary: 'Log in', security: [] } },
      '/api/auth/session': { get: { summary: 'Session' } },
    },
  };

  it('sorts groups, paths and methods and marks public calls', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.name)).toEqual(['auth', 'management/project']);
    expect(groups[0].operations.map((o) => `${o.method} ${o.path} ${o.public}`)).toEqual([
      'POST /api/auth/login true',
      'GET /api/auth/session false',
    ]);
    expect(groups[1].operations.map((o) => o.method)).toEqual(['GET', 'PUT']);
    expect(groups[1].operations[0].pathParams.map((p) => p.name)).toEqual(['id']);
  });

  it('copes with an empty document', () => {
    expect(groupOperations(undefined)).toEqual([]);
    expect(groupOperations({ openapi: '3.1.0' })).toEqual([]);
  });
});
