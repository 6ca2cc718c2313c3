// Visual tokens: professional, warm, readable on a phone. Primary #1a365d as in the documents' default.
export const theme = {
  colors: {
    primary: '#1a365d',
    primaryHover: '#234876',
    secondary: '#2d3748',
    accent: '#4299e1',
    warm: '#c05621',
    background: '#f7f5f2',
    surface: '#ffffff',
    border: '#d9d4cc',
    text: '#1f2933',
    muted: '#5f6b7a',
    success: '#276749',
    successBg: '#e6f4ea',
    warning: '#975a16',
    warningBg: '#fdf1dc',
    danger: '#c53030',
    dangerBg: '#fde8e8',
    infoBg: '#e8f1fb',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem' },
  },
  radius: '8px',
  shadow: '0 1px 3px rgba(31, 41, 51, 0.08), 0 1px 2px rgba(31, 41, 51, 0.06)',
  space: (n: number) => `${n * 0.25}rem`,
  breakpoints: { mobile: '768px' },
  maxWidth: '1100px',
} as const;

export type AtelierTheme = typeof theme;
