import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s (the library's default is 1 s): on a busy 2-core CI machine a page
// that loads its data and lazy parts can take longer than a second to show, which is not a failure.
configure({ asyncUtilTimeout: 5_000 });
