import type { FrameState } from '../../engine/state.js';
import { checkState, type Problem } from './position.js';

/**
 * A position in a URL (docs/web.md "Sharing"): the frame state's JSON, its
 * `previous` dropped (a shared position is a new position), in base64url,
 * so a link opens the same position anywhere. Reading one back runs the
 * same checks as every other entry point: a link edited by hand or cut
 * short is refused by name, never half-loaded.
 */
export function encodePosition(state: FrameState): string {
  const json = JSON.stringify({ ...state, previous: null });
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodePosition(
  code: string,
): { ok: true; state: FrameState } | { ok: false; problem: Problem } {
  if (!/^[A-Za-z0-9_-]*$/.test(code))
    return { ok: false, problem: { code: 'E_LINK_BAD', message: 'the link is not base64url' } };
  let text: string;
  try {
    const bin = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return { ok: false, problem: { code: 'E_LINK_BAD', message: 'the link is cut short' } };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, problem: { code: 'E_LINK_BAD', message: 'the link holds no JSON' } };
  }
  return checkState(doc);
}
