import { describe, expect, it } from 'vitest';
import { matchRoute, safeNext, signInPath } from '../../app/router/match-route.js';

describe('matchRoute', () => {
  it('maps app paths to pages, the permanent app_url videos/{id} included', () => {
    expect(matchRoute('', '')).toEqual({ page: 'videos' });
    expect(matchRoute('videos', '')).toEqual({ page: 'videos' });
    expect(matchRoute('videos/new', '')).toEqual({ page: 'new-video' });
    expect(matchRoute('videos/vid_a1B-2', '')).toEqual({ page: 'video', id: 'vid_a1B-2' });
    expect(matchRoute('infographics/ifg_1/', '')).toEqual({ page: 'infographic', id: 'ifg_1' });
    expect(matchRoute('account', '')).toEqual({ page: 'account' });
  });

  it('answers not-found for unknown paths and ids with other characters', () => {
    expect(matchRoute('videos/a/b', '')).toEqual({ page: 'not-found', path: 'videos/a/b' });
    expect(matchRoute('videos/<x>', '')).toMatchObject({ page: 'not-found' });
  });

  it('reads next on sign-in', () => {
    expect(matchRoute('sign-in', '?next=videos%2Fvid_1')).toEqual({ page: 'sign-in', next: 'videos/vid_1' });
    expect(matchRoute('sign-in', '')).toEqual({ page: 'sign-in', next: 'videos' });
  });
});

describe('safeNext', () => {
  it('refuses anything that could leave the app', () => {
    for (const next of ['https://evil.example/', '//evil.example', '/v1/account', 'javascript:alert(1)', '\\\\evil', 'videos//x']) {
      expect(safeNext(next)).toBe('videos');
    }
  });
  it('keeps app paths', () => {
    expect(safeNext('videos/vid_1')).toBe('videos/vid_1');
  });
});

describe('signInPath', () => {
  it('comes back to the page the visitor opened', () => {
    expect(signInPath('videos/vid_1')).toBe('sign-in?next=videos%2Fvid_1');
    expect(signInPath('')).toBe('sign-in');
  });
});
