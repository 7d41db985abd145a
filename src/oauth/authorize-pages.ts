import { SCOPE_DESCRIPTIONS } from './oauth-scopes.js';
import type { OAuthScope } from './oauth-urls.js';

/** Response headers of every sign-in and consent page: never cached, never framed, nothing loaded. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  pragma: 'no-cache',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // No form-action: browsers apply it to the redirect after the consent form, which goes to the client.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
} as const;

/** An HTML page and its status. */
export interface Page {
  status: number;
  html: string;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#16181d;line-height:1.5}
main{width:100%;max-width:26rem;margin:2rem 1rem;padding:2rem;background:#fff;border-radius:12px;
box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{margin:.5rem 0}
.muted{color:#5b6170;font-size:.875rem}
.error{background:#fdecec;color:#8a1c1c;border-radius:8px;padding:.6rem .8rem;margin:.75rem 0}
label{display:block;font-weight:600;font-size:.875rem;margin:1rem 0 .3rem}
input[type=email],input[type=password]{width:100%;padding:.6rem .7rem;font-size:1rem;border:1px solid #c9ccd3;border-radius:8px}
ul{padding-left:1.2rem;margin:.5rem 0 1rem}
li{margin:.35rem 0}
code{background:#f0f1f4;padding:.05rem .3rem;border-radius:4px;font-size:.85em;word-break:break-all}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
label.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin-top:1rem}
label.check input{margin-top:.25rem}
button{flex:1;padding:.65rem 1rem;font-size:1rem;font-weight:600;border-radius:8px;border:1px solid #16181d;cursor:pointer}
button.primary{background:#16181d;color:#fff}
button.secondary{background:#fff;color:#16181d}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** What the sign-in page shows. */
export interface SignInPageInput {
  requestId: string;
  clientName: string;
  /** The node's address, so the user knows where the password goes. */
  issuer: string;
  /** Kept in the field after a failed attempt. */
  email?: string;
  error?: string;
}

/** The sign-in form: email and password, posting `action=sign_in` with the flow's `request_id`. */
export function signInPage(input: SignInPageInput, status = 200): Page {
  const html = layout(
    'Sign in',
    `<h1>Sign in to connect ${escapeHtml(input.clientName)}</h1>
<p class="muted">Sign in to your account on <code>${escapeHtml(input.issuer)}</code> to let this app use it.</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/oauth/authorize">
${hidden('request_id', input.requestId)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit" name="action" value="sign_in">Sign in</button></div>
</form>`,
  );
  return { status, html };
}

/** What the consent page shows. */
export interface ConsentPageInput {
  requestId: string;
  consentToken: string;
  clientName: string;
  clientId: string;
  accountEmail: string;
  scopes: readonly OAuthScope[];
  /** Where approving or denying sends the browser. */
  redirectUri: string;
}

/** The consent page: who asks, for what, and the approve / deny buttons. */
export function consentPage(input: ConsentPageInput): Page {
  const scopes = input.scopes
    .map((scope) => `<li><strong>${scope}</strong>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</li>`)
    .join('');
  const named = input.clientName !== input.clientId;
  const html = layout(
    'Allow access?',
    `<h1>Allow ${escapeHtml(input.clientName)} to use your account?</h1>
<p>Signed in as <strong>${escapeHtml(input.accountEmail)}</strong>.</p>
<p>${escapeHtml(input.clientName)} asks to:</p>
<ul>${scopes}</ul>
<p class="muted">${named ? `The app chose its own name; its client id is <code>${escapeHtml(input.clientId)}</code>. ` : ''}After you answer, your browser goes to <code>${escapeHtml(input.redirectUri)}</code>. You can revoke this connection at any time.</p>
<form method="post" action="/oauth/authorize">
${hidden('request_id', input.requestId)}
${hidden('consent_token', input.consentToken)}
${
  input.scopes.includes('write')
    ? `<label class="check"><input type="checkbox" name="read_only" value="on"> <span>Read only: let ${escapeHtml(input.clientName)} see but not change anything or spend credits</span></label>`
    : ''
}
<div class="actions">
<button class="secondary" type="submit" name="action" value="deny">Deny</button>
<button class="primary" type="submit" name="action" value="approve">Approve</button>
</div>
</form>`,
  );
  return { status: 200, html };
}

/** A page that explains why the flow stops here; `command`, when given, is shown as code to run. */
export function messagePage(status: number, title: string, message: string, command?: string): Page {
  const html = layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${command ? `<p><code>${escapeHtml(command)}</code></p>` : ''}`,
  );
  return { status, html };
}
