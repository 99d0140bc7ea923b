/**
 * In The Media: Instagram posts embedded with Instagram's own script, loaded once per page life, and only when the
 * site profile turns embeds on (siteProfile.instagramEmbeds: the posts are the team's own) and the posts scroll into
 * view: a home page that is never scrolled, or a site left with the example posts, asks nothing of instagram.com.
 * Until the script has arrived (and for good when it is off or cannot load, as on a machine without internet) each
 * post shows a tidy card that links to it.
 */
import { useEffect, useRef, useState } from 'react';
import { siteProfile, theme } from '@gta/shared';

export const INSTAGRAM_EMBED_SRC = 'https://www.instagram.com/embed.js';
const LOAD_TIMEOUT_MS = 8000;

interface InstagramGlobal {
  Embeds: { process: () => void };
}
declare global {
  interface Window {
    instgrm?: InstagramGlobal;
  }
}

let scriptPromise: Promise<InstagramGlobal> | null = null;

/** Loads embed.js at most once; a failure (offline, blocked, slow) rejects, and a later page view may try again. */
export function loadInstagramScript(): Promise<InstagramGlobal> {
  if (window.instgrm) return Promise.resolve(window.instgrm);
  if (scriptPromise) return scriptPromise;
  scriptPromise = new Promise<InstagramGlobal>((resolve, reject) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      reject(new Error('offline'));
      return;
    }
    let script = document.querySelector<HTMLScriptElement>(`script[src="${INSTAGRAM_EMBED_SRC}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = INSTAGRAM_EMBED_SRC;
      script.async = true;
      document.body.appendChild(script);
    }
    const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (window.instgrm) resolve(window.instgrm);
      else reject(new Error('embed script loaded without its API'));
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error('embed script failed'));
    });
  }).catch((error: unknown) => {
    scriptPromise = null;
    document.querySelector(`script[src="${INSTAGRAM_EMBED_SRC}"]`)?.remove();
    throw error;
  });
  return scriptPromise;
}

/** 'off': embeds not configured, or the posts not yet in view: the cards link to Instagram and nothing is requested. */
type EmbedStatus = 'off' | 'loading' | 'ready' | 'failed';

export function InstagramEmbeds({
  posts,
  enabled = siteProfile.instagramEmbeds,
}: {
  posts: readonly { permalink: string; caption: string }[];
  enabled?: boolean;
}) {
  const [status, setStatus] = useState<EmbedStatus>('off');
  const [inView, setInView] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!enabled || !list || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(list);
    return () => observer.disconnect();
  }, [enabled]);
  useEffect(() => {
    if (!enabled || !inView) return;
    let alive = true;
    setStatus('loading');
    loadInstagramScript().then(
      () => alive && setStatus('ready'),
      () => alive && setStatus('failed'),
    );
    return () => {
      alive = false;
    };
  }, [enabled, inView]);
  useEffect(() => {
    if (status === 'ready') window.instgrm?.Embeds.process();
  }, [status]);

  return (
    <ul
      ref={listRef}
      data-testid="media-posts"
      data-embed-status={status}
      css={{
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'grid',
        gap: theme.space.lg,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
      }}
    >
      {posts.map((post, i) => (
        <li key={post.permalink} css={{ minWidth: 0 }}>
          {status === 'ready' ? (
            <blockquote
              className="instagram-media"
              data-instgrm-permalink={post.permalink}
              data-instgrm-version="14"
              css={{ margin: 0, width: '100%', minWidth: 0 }}
            >
              <a href={post.permalink} target="_blank" rel="noopener noreferrer">
                {post.caption}
              </a>
            </blockquote>
          ) : (
            <a
              href={post.permalink}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="media-fallback"
              aria-busy={status === 'loading' ? 'true' : undefined}
              css={{
                display: 'flex',
                flexDirection: 'column',
                height: '100%',
                textDecoration: 'none',
                color: theme.color.ivory,
                background: `linear-gradient(160deg, ${theme.color.inkSoft} 0%, ${theme.color.ink} 100%)`,
                border: `1px solid rgba(200,171,120,0.35)`,
                padding: theme.space.lg,
                minHeight: 300,
                transition: `border-color ${theme.motion.fast}`,
                '&:hover': { borderColor: theme.color.gold },
              }}
            >
              <span
                css={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: theme.space.sm,
                  fontSize: theme.fontSize.xs,
                  letterSpacing: '0.22em',
                  textTransform: 'uppercase',
                  color: theme.color.gold,
                }}
              >
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
                  <rect x="3" y="3" width="18" height="18" rx="5" />
                  <circle cx="12" cy="12" r="4.2" />
                  <circle cx="17.4" cy="6.6" r="1" fill="currentColor" />
                </svg>
                Post {i + 1} · Instagram
              </span>
              <span css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, lineHeight: 1.3, margin: `${theme.space.lg} 0`, flex: 1 }}>
                {post.caption}
              </span>
              <span css={{ fontSize: theme.fontSize.sm, color: theme.color.mutedOnDark }}>
                {status === 'loading' ? 'Loading the post…' : 'View this post on Instagram'} <span aria-hidden="true">↗</span>
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
