/**
 * Bot replies as markdown (loaded lazily: the widget imports this module with import() when the first bot reply
 * arrives or the window opens). marked renders, highlight.js (core + javascript, typescript, python, xml, bash)
 * colours code, DOMPurify sanitises: a reply holding <script> or an onerror attribute runs nothing.
 * Links open in a new tab with rel="noopener noreferrer".
 */
import { Marked, type Tokens } from 'marked';
import createDOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import python from 'highlight.js/lib/languages/python';
import xml from 'highlight.js/lib/languages/xml';
import bash from 'highlight.js/lib/languages/bash';

hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('python', python);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('bash', bash);

const ALIASES: Record<string, string> = { js: 'javascript', ts: 'typescript', py: 'python', html: 'xml', sh: 'bash', shell: 'bash', zsh: 'bash' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function highlight(code: string, lang: string | undefined): { html: string; language: string | null } {
  const wanted = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const language = ALIASES[wanted] ?? wanted;
  try {
    if (language && hljs.getLanguage(language)) return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language };
  } catch {
    /* a highlighting error is ignored: the code is shown plain */
  }
  return { html: escapeHtml(code), language: null };
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const { html, language } = highlight(text, lang);
      return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${html}</code></pre>\n`;
    },
  },
});

const purify = createDOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Markdown to sanitised HTML, safe for innerHTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}

export type RenderMarkdown = typeof renderMarkdown;
