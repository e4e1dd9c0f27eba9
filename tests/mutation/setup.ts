import fc from "fast-check";

// A mutant a property kills needs only the first counterexample: shrinking it to the
// smallest one is for a person reading a failure, and costs the mutation run minutes.
fc.configureGlobal({ endOnFailure: true });
