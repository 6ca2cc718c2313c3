// Renders one exposed module behind React.lazy + RemoteBoundary; « Réessayer » forgets the failed load
// (registry and React.lazy cache) and loads again.
import { RemoteBoundary } from '@atelier/ui';
import { lazy, useState, type ComponentType } from 'react';

import { resetRemote } from './remote-registry';
import type { RemoteModule } from './remotes';

export function RemoteView<P extends object>({ module, props }: { module: RemoteModule<P>; props?: P }) {
  const [Lazy, setLazy] = useState(() => lazy(module.load) as unknown as ComponentType<P>);
  const retry = () => {
    resetRemote(module.remote);
    setLazy(() => lazy(module.load) as unknown as ComponentType<P>);
  };
  return (
    <RemoteBoundary name={`${module.remote}/${module.expose}`} onRetry={retry}>
      <Lazy {...((props ?? {}) as P)} />
    </RemoteBoundary>
  );
}
