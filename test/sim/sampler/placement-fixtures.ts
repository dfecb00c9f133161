/** BEHAVIOR problems no sampled house can place, shared by the sampler's and validate's tests. */

/** The reproduction: the broom's one fact is a nextto, which says nothing about what it rests on. */
export const NEXTTO_ONLY = `(define (problem p-0) (:domain omnigibson)
 (:objects broom.n.01_1 - broom.n.01 shelf.n.01_1 - shelf.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init (nextto broom.n.01_1 shelf.n.01_1) (inroom shelf.n.01_1 garage) (inroom floor.n.01_1 garage) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (ontop ?broom.n.01_1 ?shelf.n.01_1))))`;

/** No :init literal names the broom at all. */
export const NO_FACT = `(define (problem nofact-0) (:domain omnigibson)
 (:objects broom.n.01_1 - broom.n.01 shelf.n.01_1 - shelf.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init (inroom shelf.n.01_1 garage) (inroom floor.n.01_1 garage) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (ontop ?broom.n.01_1 ?shelf.n.01_1))))`;

/** The shelf is under the bag and the bag on the shelf: neither is ever placed. */
export const CYCLE = `(define (problem cycle-0) (:domain omnigibson)
 (:objects shelf.n.01_1 - shelf.n.01 bag.n.01_1 - bag.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init
  (under shelf.n.01_1 bag.n.01_1)
  (ontop bag.n.01_1 shelf.n.01_1)
  (inroom floor.n.01_1 garage)
  (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (ontop ?bag.n.01_1 ?floor.n.01_1))))`;
