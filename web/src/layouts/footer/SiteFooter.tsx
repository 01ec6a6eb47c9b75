import { MSG, type SiteFooterRes } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { fetchSiteFooter } from '../../api/site';
import styles from './footer.module.css';

// One call per page load: the lines only change with the domain.
let cached: Promise<SiteFooterRes | null> | null = null;
function loadFooter(): Promise<SiteFooterRes | null> {
  cached ??= fetchSiteFooter(window.location.host).catch(() => {
    cached = null;
    return null;
  });
  return cached;
}

/**
 * The site footer of scrolling content pages (docs/product/shell-and-navigation.md §1): company, ICP and public-security
 * registration chosen by the main domain, and the notice that content is AI-generated.
 * Not for the full-height chat page.
 */
export function SiteFooter() {
  const [site, setSite] = useState<SiteFooterRes | null>(null);
  useEffect(() => {
    let alive = true;
    void loadFooter().then((s) => {
      if (alive) setSite(s);
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <p className={styles.notice}>{MSG.siteAiNotice}</p>
      {site && (
        <p className={styles.lines}>
          {site.copyright && <span>{site.copyright}</span>}
          {site.company && <span>{site.company}</span>}
          {site.icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {site.icp}
            </a>
          )}
          {site.police && (
            <a href="https://beian.mps.gov.cn/" target="_blank" rel="noopener noreferrer">
              {site.police}
            </a>
          )}
        </p>
      )}
    </footer>
  );
}
