/** The brand mark: a SIM card in the accent colour. Decorative; the link text names the site. */
export const Logo = () => (
  <svg width="28" height="32" viewBox="0 0 28 32" aria-hidden="true" focusable="false">
    <path d="M4 0h14l10 10v18a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4z" fill="#F36B21" />
    <rect x="7" y="13" width="14" height="12" rx="2" fill="#fff" />
    <path d="M11 13v12M17 13v12M7 19h14" stroke="#F36B21" strokeWidth="1.5" />
  </svg>
);
