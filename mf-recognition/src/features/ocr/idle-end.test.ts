import { idleEnd } from './idle-end';

describe('idleEnd', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ends once no use has been open for the idle time', () => {
    const end = jest.fn();
    const idle = idleEnd(1000, end);
    idle.begin();
    idle.done();
    jest.advanceTimersByTime(999);
    expect(end).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('never ends while a use is open, and a new use cancels a pending end', () => {
    const end = jest.fn();
    const idle = idleEnd(1000, end);
    idle.begin();
    idle.begin();
    idle.done(); // one still open
    jest.advanceTimersByTime(5000);
    expect(end).not.toHaveBeenCalled();
    idle.done();
    jest.advanceTimersByTime(600);
    idle.begin(); // a page read before the end: the timer starts again after it
    jest.advanceTimersByTime(5000);
    expect(end).not.toHaveBeenCalled();
    idle.done();
    jest.advanceTimersByTime(1000);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('cancel() drops a pending end', () => {
    const end = jest.fn();
    const idle = idleEnd(1000, end);
    idle.begin();
    idle.done();
    idle.cancel();
    jest.advanceTimersByTime(5000);
    expect(end).not.toHaveBeenCalled();
  });
});
