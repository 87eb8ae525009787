/** Languages added to prism-react-renderer's defaults, loaded at build time from `prismjs`. */
export const CODE_LANGUAGES = ['apacheconf', 'diff', 'http', 'json', 'nginx', 'python', 'bash', 'powershell'];
