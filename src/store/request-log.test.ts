import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../model/auth.js';
import type { ModelResponse } from '../model/request.js';
import { accessLine, basicUsername, RequestLog } from './request-log.js';

const OK: ModelResponse = { status: 200, headers: { 'Content-Type': 'application/json' }, body: { result: 'success', msg: '' } };
const hamlet = basicAuthorization('hamlet@chatref.test', 'key');

function record(log: RequestLog, method: string, path: string, status = 200, authorization: string | null = hamlet, userId: number | null = 4): void {
  log.record({ method, path, authorization, params: { a: '1' } }, { ...OK, status }, { time: 1_750_000_000, durationMs: 1.5, userId });
}

describe('the request log', () => {
  it('keeps the newest entries up to its capacity, newest first, ids counting on', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 5; i++) record(log, 'GET', `/api/v1/users/${i}`);
    expect(log.list().map((entry) => [entry.id, entry.path])).toEqual([
      [5, '/api/v1/users/5'],
      [4, '/api/v1/users/4'],
      [3, '/api/v1/users/3'],
    ]);
    expect(log.recorded).toBe(5);
    log.clear();
    expect(log.list()).toEqual([]);
    record(log, 'GET', '/api/v1/users/6');
    expect(log.list().map((entry) => entry.id)).toEqual([6]);
    const none = new RequestLog(0);
    record(none, 'GET', '/api/v1/users');
    expect(none.list()).toEqual([]);
  });

  it('filters by path (with or without /api/v1, * as a wildcard), method, user (address or id), status or class, and limit', () => {
    const log = new RequestLog(10);
    record(log, 'GET', '/api/v1/users');
    record(log, 'POST', '/api/v1/messages', 400);
    record(log, 'POST', '/api/v1/messages', 200, basicAuthorization('Cordelia@chatref.test', 'k'), 5);
    record(log, 'GET', '/user_uploads/1/ab/x.txt', 404, null, null);
    const ids = (filter: Parameters<RequestLog['list']>[0]) => log.list(filter).map((entry) => entry.id);
    expect(ids({ path: '/messages' })).toEqual([3, 2]);
    expect(ids({ path: '/api/v1/messages' })).toEqual([3, 2]);
    expect(ids({ path: '/user_uploads/*' })).toEqual([4]);
    expect(ids({ path: '*s' })).toEqual([3, 2, 1]);
    expect(ids({ method: 'post' })).toEqual([3, 2]);
    expect(ids({ user: 'cordelia@CHATREF.test' })).toEqual([3]);
    expect(ids({ user: 4 })).toEqual([2, 1]);
    expect(ids({ user: '5' })).toEqual([3]);
    expect(ids({ status: 404 })).toEqual([4]);
    expect(ids({ status: '4xx' })).toEqual([4, 2]);
    expect(ids({ status: '200' })).toEqual([3, 1]);
    expect(ids({ method: 'POST', status: '2xx' })).toEqual([3]);
    expect(ids({ limit: 2 })).toEqual([4, 3]);
  });

  it('keeps what was asked and answered, a binary answer as a summary of its file', () => {
    const log = new RequestLog();
    const file: ModelResponse = {
      status: 206,
      headers: { 'Accept-Ranges': 'bytes' },
      body: null,
      file: { contentKey: 'content-9', contentType: 'image/png', size: 1000, disposition: null, range: { start: 0, end: 9 } },
    };
    log.record(
      {
        method: 'get',
        path: '/user_uploads/1/ab/a.png',
        authorization: hamlet,
        files: [{ fieldName: 'f', fileName: 'a.png', contentType: 'image/png', contentKey: 'content-9', size: 1000 }],
      },
      file,
      { time: 5, durationMs: 0.25, userId: 4 },
    );
    const [entry] = log.list();
    expect(entry).toEqual({
      id: 1,
      time: 5,
      method: 'GET',
      path: '/user_uploads/1/ab/a.png',
      user: 'hamlet@chatref.test',
      user_id: 4,
      params: {},
      files: [{ field_name: 'f', file_name: 'a.png', content_type: 'image/png', size: 1000 }],
      status: 206,
      duration_ms: 0.25,
      response: { headers: { 'Accept-Ranges': 'bytes' }, body: null, file: { content_type: 'image/png', size: 1000, range: { start: 0, end: 9 } } },
    });
  });

  it('reads the user from Basic credentials only', () => {
    expect(basicUsername(hamlet)).toBe('hamlet@chatref.test');
    expect(basicUsername('Bearer abc')).toBeNull();
    expect(basicUsername('Basic ???')).toBeNull();
    expect(basicUsername(null)).toBeNull();
  });
});

describe('the access log line', () => {
  const facts = { method: 'POST', path: '/api/v1/messages', user: 'hamlet@chatref.test', status: 200, ms: 3.26 };

  it('is method, path, user, status and milliseconds as text', () => {
    expect(accessLine('text', facts)).toBe('POST /api/v1/messages hamlet@chatref.test 200 3.3ms');
    expect(accessLine('text', { ...facts, user: null, status: null })).toBe('POST /api/v1/messages - - 3.3ms');
  });

  it('is one JSON object per line for machines', () => {
    const line = accessLine('json', facts, new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
    expect(JSON.parse(line)).toEqual({
      time: '2025-01-02T03:04:05.000Z',
      method: 'POST',
      path: '/api/v1/messages',
      user: 'hamlet@chatref.test',
      status: 200,
      ms: 3.3,
    });
    expect(line).not.toContain('\n');
  });
});
