// LendingPool (util/lending_pool.hpp) and HostArray (util/host_array.hpp): what a backend's
// page-locked sets rely on. Leases come back on every path, the pool never makes more than its
// limits, and a lease that outlives its pool destroys its item.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cuzk/util/host_array.hpp"
#include "cuzk/util/lending_pool.hpp"

using cuzk::HostArray;
using cuzk::LendingPool;

namespace {
struct Item {
  static inline std::atomic<int> alive{0};
  std::size_t size;
  explicit Item(std::size_t n) : size(n) { ++alive; }
  ~Item() { --alive; }
  Item(const Item&) = delete;
  Item& operator=(const Item&) = delete;
};
auto make(std::size_t n) {
  return [n] { return std::make_unique<Item>(n); };
}
auto any = [](const Item&) { return false; };
}  // namespace

TEST_CASE("lending pool: each class up to its limit, items reused, made at most capacity") {
  {
    LendingPool<Item> pool({2, 1});
    CHECK(pool.capacity() == 3);
    auto a = pool.take(0, any, make(8));
    auto b = pool.take(0, any, make(8));
    REQUIRE(a);
    REQUIRE(b);
    CHECK(pool.take(0, any, make(8)) == nullptr);  // class 0 holds its limit
    auto c = pool.take(1, any, make(8));
    REQUIRE(c);  // class 1's place is its own
    CHECK(pool.take(1, any, make(8)) == nullptr);
    CHECK(pool.made() == 3);
    CHECK(pool.out(0) == 2);
    Item* first = a.get();
    a.reset();  // back, idle
    CHECK(pool.idle() == 1);
    CHECK(pool.out(0) == 1);
    auto again = pool.take(0, any, make(8));
    CHECK(again.get() == first);  // the same item, not a new one
    CHECK(pool.made() == 3);
    c.reset();
    // class 1 may take the idle item made for class 0 (no new one)
    again.reset();
    auto d = pool.take(1, any, make(8));
    CHECK(pool.made() == 3);
    CHECK(Item::alive == 3);
  }
  CHECK(Item::alive == 0);  // the pool and every lease gone: nothing left
}

TEST_CASE("lending pool: an idle item that fits is preferred") {
  LendingPool<Item> pool({3});
  auto small = pool.take(0, any, make(4));
  auto big = pool.take(0, any, make(16));
  Item* big_p = big.get();
  small.reset();
  big.reset();
  auto fits = [](const Item& i) { return i.size >= 10; };
  auto got = pool.take(0, fits, make(10));
  CHECK(got.get() == big_p);
  auto other = pool.take(0, fits, make(10));  // only the small one is idle: taken as it is
  REQUIRE(other);
  CHECK(other->size == 4);
  CHECK(pool.made() == 2);
}

TEST_CASE("lending pool: returned on every path, also when an exception unwinds; make() failing counts nothing") {
  LendingPool<Item> pool({1});
  try {
    auto lease = pool.take(0, any, make(8));
    REQUIRE(lease);
    CHECK(pool.out(0) == 1);
    throw std::runtime_error("synthesis failed");
  } catch (const std::runtime_error&) {
  }
  CHECK(pool.out(0) == 0);
  CHECK(pool.idle() == 1);
  {
    LendingPool<Item> fresh({1});
    CHECK_THROWS_AS(fresh.take(0, any, [] () -> std::unique_ptr<Item> { throw std::runtime_error("cannot pin"); }),
                    std::runtime_error);
    CHECK(fresh.made() == 0);
    CHECK(fresh.out(0) == 0);
    CHECK(fresh.take(0, any, make(8)) != nullptr);  // the place is still there
  }
}

TEST_CASE("lending pool: a lease that outlives its pool destroys its item") {
  std::shared_ptr<Item> lease;
  {
    LendingPool<Item> pool({1});
    lease = pool.take(0, any, make(8));
    auto idle = pool.take(0, any, make(8));
    CHECK(idle == nullptr);
  }
  CHECK(Item::alive == 1);  // the lent one: still usable
  CHECK(lease->size == 8);
  lease.reset();
  CHECK(Item::alive == 0);
}

TEST_CASE("lending pool: bounded under threads (never more than the limits out or made)") {
  LendingPool<Item> pool({3, 2});
  std::atomic<int> most0{0}, most1{0};
  std::atomic<int> in0{0}, in1{0};
  std::vector<std::thread> th;
  for (int t = 0; t < 8; ++t)
    th.emplace_back([&, t] {
      const std::size_t cls = std::size_t(t % 2);
      auto& in = cls ? in1 : in0;
      auto& most = cls ? most1 : most0;
      for (int i = 0; i < 500; ++i) {
        auto lease = pool.take(cls, any, make(8));
        if (!lease) continue;
        const int now = ++in;
        int m = most;
        while (now > m && !most.compare_exchange_weak(m, now)) {
        }
        std::this_thread::yield();
        --in;
      }
    });
  for (auto& t : th) t.join();
  CHECK(most0 <= 3);
  CHECK(most1 <= 2);
  CHECK(pool.made() <= 5);
  CHECK(pool.out(0) == 0);
  CHECK(pool.out(1) == 0);
  CHECK(pool.idle() == pool.made());
}

TEST_CASE("lending pool: take_idle hands over the idle items only, and the pool may make them again") {
  {
    LendingPool<Item> pool({2});
    auto a = pool.take(0, any, make(8));
    {
      auto b = pool.take(0, any, make(8));
    }  // b back idle
    CHECK(pool.made() == 2);
    auto idle = pool.take_idle();
    REQUIRE(idle.size() == 1);  // not the one still lent
    CHECK(pool.idle() == 0);
    CHECK(pool.made() == 1);
    CHECK(Item::alive == 2);
    idle.clear();
    CHECK(Item::alive == 1);
    auto c = pool.take(0, any, make(8));  // the place it left is free again
    CHECK(c != nullptr);
    CHECK(pool.made() == 2);
  }
  CHECK(Item::alive == 0);
}

TEST_CASE("host array: views share their owner; the buffer goes with the last view; move-only") {
  std::weak_ptr<std::vector<int>> watch;
  {
    auto buf = std::make_shared<std::vector<int>>(30, 7);
    watch = buf;
    const int tag = 0;
    HostArray<int> a(buf->data(), 10, buf, &tag), b(buf->data() + 10, 10, buf, &tag);
    buf.reset();
    CHECK(a.lent());
    CHECK(a.lender() == &tag);
    CHECK(b[9] == 7);
    a.release();
    CHECK(a.empty());
    CHECK(a.data() == nullptr);
    CHECK_FALSE(a.lent());
    CHECK_FALSE(watch.expired());  // b still holds it
    HostArray<int> c = std::move(b);
    CHECK(b.empty());  // NOLINT(bugprone-use-after-move): the moved-from view is empty
    CHECK(b.owner() == nullptr);
    CHECK(c.size() == 10);
    CHECK_FALSE(watch.expired());
  }
  CHECK(watch.expired());
  static_assert(!std::is_copy_constructible_v<HostArray<int>>);
}

TEST_CASE("host array: plain memory is zeroed, of its own, not lent") {
  auto p = HostArray<std::uint64_t>::plain(std::size_t(1) << 20);  // 8 MiB: the prefaulted path
  REQUIRE(p.size() == std::size_t(1) << 20);
  CHECK_FALSE(p.lent());
  std::uint64_t sum = 0;
  for (auto x : p) sum |= x;
  CHECK(sum == 0);
  p[5] = 9;
  CHECK(p.data()[5] == 9);
}
