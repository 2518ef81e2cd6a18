import { badInputSuite } from './bad-input.ts';

// Every endpoint, fed malformed inputs: part 1 of 2 (bad-input.ts).
badInputSuite(0, 2);
