import { FakeWheel } from '../../src/wheel/fake.ts';
import { wheelContract } from './contract.ts';

wheelContract('in-memory fake wheel', async () => {
  const fake = new FakeWheel();
  const timers: NodeJS.Timeout[] = [];
  const later = (fn: () => void) => timers.push(setTimeout(fn, 20));
  const stop = () => timers.forEach(clearTimeout);
  return {
    port: fake,
    play: async (scenario) => {
      if (scenario === 'normal') {
        fake.openBetting(); // the rest on a later turn, as a wheel would
        later(() => {
          fake.launch();
          fake.noMoreBets();
          fake.result(17);
        });
      } else if (scenario === 'miss-spin') {
        fake.openBetting();
        fake.launch();
        fake.missSpin();
        later(() => fake.playGame(4));
      } else {
        fake.openBetting();
        fake.launch();
        fake.fault('launch-failed', 'launch failed for 3000 ms');
      }
    },
    cutLink: async () => {
      stop();
      fake.cutLink();
    },
    dispose: async () => {
      stop();
      await fake.close();
    },
  };
});
