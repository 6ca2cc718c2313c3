import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';

import { Button } from './button';
import { UI_MESSAGES } from './messages';
import { Spinner } from './spinner';

const Fallback = styled.div`
  padding: 1.5rem;
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  margin: 1rem 0;
  p {
    margin: 0 0 1rem;
  }
`;

export interface RemoteBoundaryProps {
  /** Name of the remote (logs and data-remote attribute for tests). */
  name?: string;
  children: ReactNode;
  /** Called by « Réessayer » before rendering the children again (e.g. forget the failed load). */
  onRetry?: () => void;
}

interface BoundaryState {
  error: Error | null;
}

/** Error boundary + Suspense around a federated module: a remote that fails shows a French fallback. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[atelier] remote ${this.props.name ?? ''} failed`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return (
        <Fallback role="alert" data-remote={this.props.name}>
          <p>{UI_MESSAGES.remoteUnavailable}</p>
          <Button onClick={this.retry}>{UI_MESSAGES.retry}</Button>
        </Fallback>
      );
    }
    return <Suspense fallback={<Spinner />}>{this.props.children}</Suspense>;
  }
}
