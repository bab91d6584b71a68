/**
 * The dashboard's stylesheet, inline in every page (the Content-Security-Policy allows inline
 * styles and nothing else: no script, no outside file). Discord's palette, light or dark as the
 * viewer's system is (`prefers-color-scheme`, and `color-scheme` so form controls follow), the
 * daily chart (spend/chart.ts's inline SVG) recoloured to match, and a layout that fits a phone
 * (about 420 px): the page never scrolls sideways, a wide table scrolls inside its own box, the
 * grid of tables and the forms stack.
 */
export const STYLE = `:root{color-scheme:light dark;--bg:#f2f3f5;--card:#fff;--text:#313338;--muted:#4e5058;--line:#e3e5e8;--field:#ebedef;--link:#006ce7;--brand:#5865f2;--brand-dark:#4752c4;--error:#c03537;--ok:#1a7f4b}
@media (prefers-color-scheme:dark){:root{--bg:#1e1f22;--card:#2b2d31;--text:#dbdee1;--muted:#b5bac1;--line:#3f4147;--field:#1e1f22;--link:#00a8fc;--error:#fa777c;--ok:#57f287}}
*{box-sizing:border-box}
html{background:var(--bg)}
body{font-family:"gg sans","Noto Sans",system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:var(--bg);color:var(--text);line-height:1.4;overflow-wrap:anywhere}
a{color:var(--link)}a#login{display:inline-block;background:var(--brand);color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none;font-weight:600}
header{background:var(--brand);color:#fff;padding:10px 20px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
header a{color:#fff;text-decoration:none}header span{margin-left:auto}
header button{background:rgba(255,255,255,.2);color:#fff}header button:hover{background:rgba(255,255,255,.3)}
main{padding:20px;max-width:960px}
h1{margin:0 0 12px;font-size:1.5rem}h2{font-size:1.15rem;margin:4px 0 8px}h3{font-size:1rem}
section{background:var(--card);padding:12px 16px;margin-bottom:16px;border-radius:8px;min-width:0}
table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:8px 0 16px}
td,th{border:1px solid var(--line);padding:4px 10px;text-align:left;overflow-wrap:normal}td.n{text-align:right;white-space:nowrap}
th{color:var(--muted);font-weight:600}
section.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,360px),1fr));gap:0 24px}
section.grid>div{min-width:0}
form{margin:8px 0}form.inline{display:inline;margin:0}
label{display:inline-block;margin:4px 12px 4px 0}
input:not([type]),input[type=date],input[type=password],select{font:inherit;color:var(--text);background:var(--field);border:1px solid var(--line);border-radius:4px;padding:5px 8px;max-width:100%}
button{font:inherit;border:0;border-radius:4px;padding:6px 14px;background:var(--brand);color:#fff;cursor:pointer}
button:hover{background:var(--brand-dark)}
.error{color:var(--error);font-weight:600}#notice{color:var(--ok);font-weight:600}
.note{font-size:90%;color:var(--muted)}
#chart{overflow-x:auto}svg{max-width:100%;height:auto}
#chart svg>rect:first-of-type{fill:var(--card)}#chart svg text{fill:var(--muted)}#chart svg>text:first-of-type{fill:var(--text)}#chart svg line{stroke:var(--line)}
code{font-size:90%;background:var(--field);padding:0 4px;border-radius:3px}
@media (max-width:600px){main{padding:12px}section{padding:10px 12px}header{padding:10px 12px}label{display:block;margin-right:0}#channel-list label,form.inline{display:inline-block}}`;
