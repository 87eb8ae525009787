/**
 * Code block colours: prism-react-renderer's GitHub (light) and Dracula (dark) themes, with the token
 * colours that fall short of WCAG AA darkened (light) or lightened (dark) in their own hue until they
 * reach 4.5:1, also on a highlighted line. The faded `namespace` tokens are drawn at full strength.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

/** Each short colour of a theme and the colour that replaces it. */
type Replacements = Record<string, string>;

/** Light: against #f6f8fa, and #dddfe1 on a highlighted line. */
const LIGHT: Replacements = {
  '#999988': '#626257', // comment, 2.7:1 before
  '#e3116c': '#bc0e5a', // string, 4.3:1
  '#36acaa': '#216b69', // number, boolean, variable, 2.6:1
  '#00a4db': '#00698c', // keyword, atrule, attr-name, 2.7:1
  '#d73a49': '#b2303d', // function, tag, deleted, 4.3:1
};

/** Dark: against #282a36. */
const DARK: Replacements = {
  'rgb(98, 114, 164)': '#8692b9', // comment, 3.0:1 before
};

function accessible(theme: PrismTheme, replacements: Replacements): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map(({types, style}) => {
      const {opacity: _opacity, ...rest} = style;
      const color = rest.color && replacements[rest.color];
      return {types, style: color ? {...rest, color} : rest};
    }),
  };
}

export const lightCodeTheme = accessible(themes.github, LIGHT);
export const darkCodeTheme = accessible(themes.dracula, DARK);
