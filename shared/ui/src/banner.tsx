import type { ReactNode } from 'react';
import styled from 'styled-components';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

const Box = styled.div<{ $tone: BannerTone }>`
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius};
  margin-bottom: 1rem;
  border-left: 4px solid
    ${({ theme, $tone }) =>
      ({
        info: theme.colors.accent,
        success: theme.colors.success,
        warning: theme.colors.warning,
        error: theme.colors.danger,
      })[$tone]};
  background: ${({ theme, $tone }) =>
    ({
      info: theme.colors.infoBg,
      success: theme.colors.successBg,
      warning: theme.colors.warningBg,
      error: theme.colors.dangerBg,
    })[$tone]};
`;

/** A message strip; errors are announced immediately (role alert), the rest politely (role status). */
export function Banner({ tone = 'info', children }: { tone?: BannerTone; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </Box>
  );
}
