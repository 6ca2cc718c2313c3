import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 1.5rem;
  height: 1.5rem;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 2rem;
`;

export function Spinner({ label = 'Chargement...' }: { label?: string }) {
  return (
    <Center role="status" aria-label={label}>
      <Ring />
    </Center>
  );
}
