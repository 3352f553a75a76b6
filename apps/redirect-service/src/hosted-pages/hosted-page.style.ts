/**
 * The hosted pages' whole stylesheet, inline (critical CSS is all of it): the web app's colours
 * (apps/web/src/index.css: indigo primary, slate text), light and dark by prefers-color-scheme.
 */
export const HOSTED_PAGE_STYLE = [
  ':root{--bg:#fff;--fg:#1b1f2e;--muted:#5d6374;--line:#e3e5ea;--soft:#f4f4f6;--primary:#4f46e5;--on-primary:#fff;color-scheme:light dark}',
  '@media (prefers-color-scheme:dark){:root{--bg:#0e111a;--fg:#f5f5f8;--muted:#a3a7b3;--line:#2e3342;--soft:#23273a;--primary:#818cf8;--on-primary:#0e111a}}',
  '*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:28rem;margin:0 auto;padding:2.5rem 1rem;display:grid;gap:1.5rem;overflow-wrap:anywhere}',
  'header{display:grid;justify-items:center;gap:.75rem;text-align:center}h1{font-size:1.5rem;line-height:1.25;margin:0}p{margin:0}',
  '.muted{color:var(--muted)}.center{text-align:center}.note{white-space:pre-line}.accent{color:var(--primary)}.accent .i{width:2.5rem;height:2.5rem}',
  '.avatar{width:6rem;height:6rem;border-radius:50%;object-fit:cover}.avatar.big{width:7rem;height:7rem}.shown{width:100%;height:auto;border-radius:.5rem}',
  '.i{width:1.1rem;height:1.1rem;flex:none}',
  '.btn{display:flex;align-items:center;justify-content:center;gap:.5rem;min-height:3rem;padding:.75rem 1rem;border-radius:.5rem;background:var(--primary);color:var(--on-primary);font-weight:600;text-align:center;text-decoration:none}',
  '.btn.outline{background:transparent;color:var(--fg);border:1px solid var(--line)}.btn:hover{filter:brightness(1.08)}',
  'a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}',
  'ul{list-style:none;margin:0;padding:0}.links,.stack{display:grid;gap:.75rem;margin:0}',
  '.row{display:flex;gap:.75rem;align-items:flex-start;padding:.5rem;border-radius:.5rem;color:inherit;text-decoration:none}.row .i{margin-top:.2rem}',
  'a.row:hover{background:var(--soft)}.row small{display:block;color:var(--muted)}.all{word-break:break-all}address{font-style:normal}',
  '.code{justify-self:center;background:#fff;padding:.5rem;border-radius:.5rem}.qr{display:block;width:15rem;height:15rem}',
  '.field{border:1px solid var(--line);border-radius:.5rem;padding:.75rem}dt{font-size:.75rem;color:var(--muted)}dd{margin:0;font-weight:500}',
  '.copy{user-select:all;-webkit-user-select:all}.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}',
  'footer{display:flex;justify-content:center;gap:1rem;flex-wrap:wrap;margin-top:1rem;font-size:.8rem}footer a{color:var(--muted)}',
].join('');
