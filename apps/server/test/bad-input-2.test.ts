import { badInputSuite } from './bad-input.ts';

// Every endpoint, fed malformed inputs: part 2 of 2 (bad-input.ts).
badInputSuite(1, 2);
