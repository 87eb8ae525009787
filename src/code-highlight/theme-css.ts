/**
 * Code colours as CSS, one rule set per colour mode, from prism-react-renderer themes: the plain
 * colours become the theme's `--prism-color` and `--prism-background-color` variables, and each
 * token type a `.token.<type>` rule. Switching colour mode recolours code at once, with no script.
 */
import type {PrismTheme} from 'prism-react-renderer';

type Style = Record<string, string | number | undefined>;

function declarations(style: Style): string {
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(';');
}

/** The CSS of one theme for `[data-theme='<mode>']`. Later entries win, as in the theme's own merge. */
export function themeCss(theme: PrismTheme, mode: 'light' | 'dark'): string {
  const scope = `[data-theme='${mode}']`;
  const plain = theme.plain as Style;
  const vars = declarations({
    '--prism-color': plain.color,
    '--prism-background-color': plain.backgroundColor,
  });
  const rules = theme.styles
    .filter((entry) => !entry.languages)
    .map(({types, style}) => {
      const body = declarations(style as Style);
      if (!body) return '';
      const selectors = types.map((type) => `${scope} .token.${type.trim()}`).join(',');
      return `${selectors}{${body}}`;
    })
    .filter(Boolean);
  return [`${scope}{${vars}}`, ...rules].join('\n');
}

/** The stylesheet for both colour modes. */
export function codeThemeCss(light: PrismTheme, dark: PrismTheme): string {
  return [
    '/* Generated from src/code-highlight/prism-themes.ts by src/plugins/code-highlight. */',
    // Infima gives <pre> its own colour; code takes the theme's plain colour, as it did inline.
    'pre.prism-code{color:var(--prism-color)}',
    themeCss(light, 'light'),
    themeCss(dark, 'dark'),
    '',
  ].join('\n');
}
