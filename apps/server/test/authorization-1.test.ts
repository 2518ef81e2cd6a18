import { authorizationMatrix } from './authorization.ts';

// Every endpoint, called by each caller: part 1 of 2 (authorization.ts).
authorizationMatrix(0, 2);
